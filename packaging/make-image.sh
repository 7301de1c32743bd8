#!/bin/sh
# Builds the OCI image cardstack:$VERSION with buildah (Debian's), from scratch: the stripped
# release binaries, the C libraries they load (as ldd finds them here), dash and sleep for the
# entry point, the default file, the schema and the presets; an unprivileged user; the
# parameter folder /params a volume; the page on port 8372. Also writes it as a
# docker-archive, .build/cardstack-image-$VERSION.tar, for `docker load`. Run by `make image`.
set -eu
: "${VERSION:?}"
BUILD=${BUILD:-release}
OUT=${OUT:-.build}
IMAGE=${IMAGE:-cardstack:$VERSION}
STAGE=$(mktemp -d)
container=
cleanup() { [ -z "$container" ] || buildah rm "$container" >/dev/null 2>&1 || :; rm -rf "$STAGE"; }
trap cleanup EXIT

for tool in buildah ldd strip; do
  command -v "$tool" >/dev/null || { echo "make image: $tool is not installed (apt-get install buildah)" >&2; exit 1; }
done
root=$STAGE/root
install -d "$root/usr/bin" "$root/bin" "$root/usr/share/cardstack/presets" "$root/etc" "$root/params" \
  "$root/home/cardstack"
install -d -m1777 "$root/tmp"
install -m755 .build/"$BUILD"/cardstackd .build/"$BUILD"/cardstack "$root/usr/bin/"
strip "$root/usr/bin/cardstackd" "$root/usr/bin/cardstack"
install -m755 packaging/image/cardstack-container "$root/usr/bin/cardstack-container"
install -m755 /bin/dash "$root/bin/sh"
install -m755 "$(command -v sleep)" "$root/bin/sleep"
install -m644 Config/cardstack.toml Config/cardstack.schema.json "$root/usr/share/cardstack/"
install -m644 Config/presets/*.toml "$root/usr/share/cardstack/presets/"

# Every library the programs load, at the path the dynamic loader looks for it.
for program in "$root/usr/bin/cardstackd" "$root/usr/bin/cardstack" "$root/bin/sh" "$root/bin/sleep"; do
  ldd "$program" | awk '/=> \// {print $3} /^\t\/[^ ]+ \(/ {print $1}'
done | sort -u | while read -r lib; do
  # The dynamic loader is executed (the kernel wants its x bit); the libraries are mapped.
  case "$lib" in */ld-linux*) mode=755 ;; *) mode=644 ;; esac
  install -D -m"$mode" "$(readlink -f "$lib")" "$root$lib"
done
if ldd "$root/usr/bin/cardstackd" | grep -q "not found"; then
  echo "make image: a library of cardstackd is missing here:" >&2; ldd "$root/usr/bin/cardstackd" >&2; exit 1
fi

printf 'root:x:0:0:root:/root:/bin/sh\ncardstack:x:1000:1000:cardstack:/home/cardstack:/bin/sh\n' > "$root/etc/passwd"
printf 'root:x:0:\ncardstack:x:1000:\n' > "$root/etc/group"

# One layer: everything root's but the user's home and the parameter folder, set in the
# archive itself (no chown, so an unprivileged user can build it too).
tar -C "$root" --numeric-owner --owner=0 --group=0 -cf "$STAGE/layer.tar" .
tar -C "$root" --numeric-owner --owner=1000 --group=1000 -rf "$STAGE/layer.tar" ./params ./home/cardstack
container=$(buildah from scratch)
buildah add "$container" "$STAGE/layer.tar" / >/dev/null
buildah config --user 1000:1000 --workingdir /home/cardstack --port 8372/tcp --volume /params \
  --env PATH=/usr/bin:/bin --env XDG_RUNTIME_DIR=/tmp/run --env HOME=/home/cardstack --env CARDSTACK_PORT=8372 \
  --entrypoint '["/usr/bin/cardstack-container"]' --cmd '[]' \
  --label org.opencontainers.image.title=cardstack --label "org.opencontainers.image.version=$VERSION" \
  --label org.opencontainers.image.licenses=MIT "$container"
buildah commit --quiet --rm "$container" "$IMAGE" >/dev/null
container=
mkdir -p "$OUT"
archive="$OUT/cardstack-image-$VERSION.tar"
rm -f "$archive"
buildah push --quiet "$IMAGE" "docker-archive:$archive:$IMAGE" >/dev/null
echo "$IMAGE: built with buildah; $archive: $(du -k "$archive" | cut -f1) kB (docker load -i $archive)"
