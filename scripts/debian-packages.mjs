// Installs Debian packages a test needs (Chromium, nginx, a second PostgreSQL cluster's tools) when
// the machine lacks them: only as root on a machine with apt-get, the way a fresh Debian CI machine
// runs the tests. Elsewhere the caller explains what to install.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, rmSync, writeFileSync } from 'node:fs';

export function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether this process may install packages itself (root, apt-get present). */
export function canInstallPackages() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && executable('/usr/bin/apt-get');
}

const POLICY = '/usr/sbin/policy-rc.d';

/**
 * `apt-get install` of `packages` (no recommends, quiet). A package with a service (nginx) is not
 * started by its install: a policy-rc.d that refuses starts is in place for the install's length,
 * unless the machine has one of its own.
 */
export function installPackages(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ownPolicy = !existsSync(POLICY);
  if (ownPolicy)
    writeFileSync(POLICY, '#!/bin/sh\n# written by ShareNearby tests during apt-get install: no service starts\nexit 101\n', {
      mode: 0o755,
    });
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  } finally {
    if (ownPolicy) rmSync(POLICY, { force: true });
  }
}
