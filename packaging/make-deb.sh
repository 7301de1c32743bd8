#!/bin/sh
# Builds cardstack_$VERSION_$ARCH.deb with dpkg-deb from what `make release` built (run by
# `make deb`, which builds first when run as a user). Layout and maintainer scripts: see
# docs/install.md, "The Debian package".
set -eu
: "${VERSION:?}"
BUILD=${BUILD:-release}
ARCH=$(dpkg --print-architecture)
OUT=${OUT:-.}
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT

root=$STAGE/root
make --no-print-directory install DESTDIR="$root" PREFIX=/usr SYSCONFDIR=/etc BUILD="$BUILD" \
  SYSTEMD_SYSTEM_UNIT_DIR=/usr/lib/systemd/system SYSTEMD_USER_UNIT_DIR=/usr/lib/systemd/user >/dev/null
# The units' Documentation= names the installed README.
install -d "$root/usr/share/doc/cardstack"
gzip -9n -c packaging/debian/changelog > "$root/usr/share/doc/cardstack/changelog.Debian.gz"
install -m644 packaging/debian/copyright "$root/usr/share/doc/cardstack/copyright"

# Depends: the packages that hold the shared libraries the binaries load (the Swift runtime
# is linked in), found from the libraries themselves.
libs=$(for b in "$root/usr/bin/cardstackd" "$root/usr/bin/cardstack"; do
  objdump -p "$b" | awk '/NEEDED/ {print $2}'; done | sort -u)
depends=$(for lib in $libs; do
  path=$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64|AArch64|64bit/ {print $NF; exit}')
  [ -n "$path" ] || path=$(ldconfig -p | awk -v l="$lib" '$1 == l {print $NF; exit}')
  real=$(readlink -f "$path")
  dpkg -S "$real" 2>/dev/null || dpkg -S "$path" 2>/dev/null || dpkg -S "/usr$path" 2>/dev/null || dpkg -S "${path#/usr}"
done | cut -d: -f1 | sort -u | paste -sd, | sed 's/,/, /g')
[ -n "$depends" ] || { echo "make deb: could not find the packages of: $libs" >&2; exit 1; }

install -d "$root/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$ARCH/" -e "s/@DEPENDS@/$depends/" -e "s/@SIZE@/$size/" \
  packaging/debian/control > "$root/DEBIAN/control"
echo /etc/cardstack/cardstack.toml > "$root/DEBIAN/conffiles"
for script in postinst prerm postrm; do install -m755 "packaging/debian/$script" "$root/DEBIAN/$script"; done
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"

deb="$OUT/cardstack_${VERSION}_${ARCH}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb: $(du -k "$deb" | cut -f1) kB (installed: $size kB; Depends: $depends)"
