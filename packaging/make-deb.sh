#!/bin/sh
# Builds cardstack_$VERSION_$ARCH.deb in $OUT (.build by default) with dpkg-deb from what
# `make release` built (run by `make deb`, which builds first when run as a user). Layout and
# maintainer scripts: see docs/install.md, "The Debian package".
set -eu
: "${VERSION:?}"
BUILD=${BUILD:-release}
ARCH=$(dpkg --print-architecture)
OUT=${OUT:-.build}
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT

# The package must run where no Swift toolchain is: refuse binaries that load its libraries
# (a plain `swift build -c release` links the Swift runtime dynamically).
for b in .build/"$BUILD"/cardstackd .build/"$BUILD"/cardstack; do
  toolchain=$(objdump -p "$b" | awk '/NEEDED/ && $2 ~ /^(libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libXCTest|libTesting)/ {print $2}' | paste -sd' ')
  if [ -n "$toolchain" ]; then
    echo "make deb: $b needs the Swift toolchain's $toolchain, which a Debian system does not have." >&2
    echo "Build the release binaries with the Swift runtime linked in: make release (swift build -c release --static-swift-stdlib), then make deb again." >&2
    exit 1
  fi
done

root=$STAGE/root
make --no-print-directory install DESTDIR="$root" PREFIX=/usr SYSCONFDIR=/etc BUILD="$BUILD" \
  SYSTEMD_SYSTEM_UNIT_DIR=/usr/lib/systemd/system SYSTEMD_USER_UNIT_DIR=/usr/lib/systemd/user >/dev/null
# The units' Documentation= names the installed README.
install -d "$root/usr/share/doc/cardstack"
gzip -9n -c packaging/debian/changelog > "$root/usr/share/doc/cardstack/changelog.Debian.gz"
install -m644 packaging/debian/copyright "$root/usr/share/doc/cardstack/copyright"

# Depends: the packages that hold the shared libraries the binaries load (the Swift runtime
# is linked in), with the least versions their symbols need: dpkg-shlibdeps, as a Debian
# package build runs it, reading each library's symbols or shlibs file. The libraries those
# libraries load come with their own packages' Depends.
mkdir -p "$STAGE/src/debian"
printf 'Source: cardstack\n\nPackage: cardstack\nArchitecture: any\n' > "$STAGE/src/debian/control"
depends=$(cd "$STAGE/src" && dpkg-shlibdeps -O -e"$root/usr/bin/cardstackd" -e"$root/usr/bin/cardstack" 2>"$STAGE/shlibdeps.err" \
  | sed -n 's/^shlibs:Depends=//p') || { cat "$STAGE/shlibdeps.err" >&2; exit 1; }
[ -n "$depends" ] || { echo "make deb: dpkg-shlibdeps found no dependencies:" >&2; cat "$STAGE/shlibdeps.err" >&2; exit 1; }

install -d "$root/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$ARCH/" -e "s/@DEPENDS@/$depends/" -e "s/@SIZE@/$size/" \
  packaging/debian/control > "$root/DEBIAN/control"
echo /etc/cardstack/cardstack.toml > "$root/DEBIAN/conffiles"
for script in postinst prerm postrm; do install -m755 "packaging/debian/$script" "$root/DEBIAN/$script"; done
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"

mkdir -p "$OUT"
deb="$OUT/cardstack_${VERSION}_${ARCH}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb: $(du -k "$deb" | cut -f1) kB (installed: $size kB; Depends: $depends)"
