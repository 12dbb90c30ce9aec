// A real nginx (Debian's package, installed on first use as root) in front of app processes, with
// the project's own proxy rules (deploy/nginx/sharenearby-proxy.conf) and the upstream block of
// deploy/nginx/sharenearby.conf, its ports swapped for the test's.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canInstallPackages, executable, installPackages } from '../../scripts/debian-packages.mjs';
import { sleep } from './support.js';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DEPLOY = fileURLToPath(new URL('../../deploy/nginx/', import.meta.url));

/** The nginx binary: $NGINX_PATH, Debian's, or Debian's installed now (as root with apt-get). */
function ensureNginx(): string {
  if (executable(NGINX)) return NGINX;
  if (canInstallPackages() && !process.env.NGINX_PATH) {
    console.log('No nginx found: installing the Debian package `nginx` with apt-get (once)...');
    installPackages(['nginx']);
    if (executable(NGINX)) return NGINX;
  }
  throw new Error(`The rolling-restart test needs nginx: install it (apt-get install nginx) or set NGINX_PATH (tried ${NGINX})`);
}

/** The upstream block of the deploy file, with its servers on `ports` (same parameters, one line each). */
function upstreamFor(ports: number[]): string {
  const site = readFileSync(path.join(DEPLOY, 'sharenearby.conf'), 'utf8');
  const block = /^upstream sharenearby \{[\s\S]*?^\}/m.exec(site)?.[0];
  if (!block) throw new Error('deploy/nginx/sharenearby.conf has no upstream sharenearby block');
  const serverLine = /^\s*server 127\.0\.0\.1:\d+( [^;]*)?;\s*$/m;
  const params = serverLine.exec(block)?.[1] ?? '';
  const withoutServers = block.replace(/^\s*server 127\.0\.0\.1:\d+[^;]*;\s*\n/gm, '');
  const servers = ports.map((p) => `    server 127.0.0.1:${p}${params};\n`).join('');
  return withoutServers.replace(/\}$/, `${servers}}`);
}

export interface Nginx {
  url: string;
  /** nginx's error log so far (upstream failures, retries). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx on 127.0.0.1:`port` in front of the app processes on `upstreamPorts` (already running); resolves when it answers. */
export async function startNginx(port: number, upstreamPorts: number[]): Promise<Nginx> {
  const nginx = ensureNginx();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'share-nginx-'));
  // Worker processes run as an unprivileged user when nginx starts as root: they write the temp folders.
  chmodSync(dir, 0o755);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(dir, temp));
    chmodSync(path.join(dir, temp), 0o777);
  }
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
    access_log off;
    # nginx closes a client's keep-alive connection after 1,000 requests by default; a request the
    # load tool sent on it just then is reset, and unlike a browser the tool does not send it again.
    keepalive_requests 1000000;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
${upstreamFor(upstreamPorts)}
    server {
        listen 127.0.0.1:${port};
        # Which app process answered: the test checks where live streams reconnect.
        add_header X-Upstream $upstream_addr always;
        include ${path.join(DEPLOY, 'sharenearby-proxy.conf')};
    }
}
`,
  );
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  let output = '';
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}\n${errorLog()}`);
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) return { url, errorLog, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx not answering after 10 s:\n${output}\n${errorLog()}`);
    }
    await sleep(100);
  }
}
