#!/bin/sh
# Starts the built server (dist/server/main.js) as production runs it: `npm start`, the deploy steps
# of docs/operations.md and docs/deploy.md and the system tests all start it through here.
#
# MALLOC_ARENA_MAX: glibc gives each thread that allocates an arena of its own, and an arena keeps
# much of what is freed in it. Image decodes run on libuv's and libvips' threads, so each of their
# arenas grew to about a decode's worth and stayed there: five 49-megapixel uploads and a burst of
# 40 took the process to 320-360 MB; with 2 arenas 255-275 MB, with 1 216-236 MB
# (tests/system/quota.test.ts, docs/decisions/009-quotas.md). One arena cost nothing measurable
# here: the JavaScript heap has an allocator of its own, and one image decodes at a time. glibc reads
# it once, when the process starts, so it is set here and not in the app. A value already in the
# environment wins; other C libraries ignore it.
MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-1}"
export MALLOC_ARENA_MAX
# --max-old-space-size: V8 sizes the JavaScript heap's limit from the machine's memory (up to 4 GiB),
# and with a limit that high it lets garbage pile up to 4 times what is live before a full
# collection; with a lower limit, 1.3 to 2 times, scaled by the limit (V8's MaxGrowingFactor).
# Under the bench's reads the heap grew to 190 MB (45-60 MB live) and the process to 300-306 MB at
# 10,000 items; with 1 GiB it peaked at about 200 MB, requests a second within the runs' noise
# (docs/decisions/034-javascript-heap-limit.md). A limit already in NODE_OPTIONS wins.
case " ${NODE_OPTIONS:-} " in
  *" --max-old-space-size="* | *" --max_old_space_size="*) ;;
  *) NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--max-old-space-size=1024" ;;
esac
export NODE_OPTIONS
# exec: the server is this process (same pid), so signals from a process manager reach it directly.
exec node "$(dirname "$0")/../dist/server/main.js" "$@"
