#!/usr/bin/env bash
# Runs under `unshare -rm`: a real full disk. Mounts a SIZE KiB tmpfs on MNT,
# fills FILL bytes of it, runs the harness with the remaining arguments, and
# leaves in RES what the attack checks once the mount is gone: rc, out, err,
# files (every path on the tmpfs) and a copy of its corpus.
#   tmpfs.sh HARNESS MNT SIZE FILL RES ARGS...
set -u
h=$1 mnt=$2 size=$3 fill=$4 res=$5
shift 5
mount -t tmpfs -o size="${size}k" tmpfs "$mnt" || exit 3
head -c "$fill" /dev/zero > "$mnt/fill" 2>/dev/null
NO_COLOR=1 "$h" "$@" > "$res/out" 2> "$res/err" < /dev/null
echo $? > "$res/rc"
find "$mnt" -mindepth 1 > "$res/files"
[ -d "$mnt/corpus" ] && cp -r "$mnt/corpus" "$res/corpus"
umount "$mnt"
exit 0
