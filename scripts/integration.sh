#!/usr/bin/env bash
# The integration suite (Tests/integration) against the binaries in BIN_DIR, run the way our
# users run cardstack: as a normal user.
#
#   scripts/integration.sh BIN_DIR [pytest arguments and paths...]
#
# With no paths after BIN_DIR it runs Tests/integration (e.g. `scripts/integration.sh
# .build/debug -k page`); with paths, those (relative to the checkout).
#
# Run by a normal user, it runs the suite as that user; the tests marked `root` (mount and
# PID namespaces, other uids through setpriv, the package, the system service) skip
# themselves.
#
# Run as root (CI, containers), it runs every test not marked `root` as an unprivileged user,
# CARDSTACK_TEST_USER (default cardstack-test, created when missing, a system account
# with a home of its own), on the checkout lent to that user for the run (where a folder
# above it is closed to that user, such as /root, through a private mount namespace), with
# a Python of its own (a venv from Debian's python3 holding pytest, selenium, Pillow and
# taplo). Then it runs the tests marked `root` as root. Both runs must pass.
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
bin_dir=$(cd "${1:?usage: scripts/integration.sh BIN_DIR [pytest arguments...]}" && pwd) || exit 2
shift
# Tests/integration unless a path is given. A marker expression (-m EXPR) is kept apart: the
# two runs below add "not root" and "root" to it.
paths=(Tests/integration)
for arg in "$@"; do case $arg in -*) ;; *) [ -e "$arg" ] && paths=() ;; esac; done
marks=() args=()
while [ $# -gt 0 ]; do
    case $1 in
        -m) marks=("${2:?-m needs an expression}"); shift 2 ;;
        -m*) marks=("${1#-m}"); shift ;;
        *) args+=("$1"); shift ;;
    esac
done
set -- "${args[@]}"
only() { if [ ${#marks[@]} -gt 0 ]; then echo "($marks) and $1"; else echo "$1"; fi; }

if [ "$(id -u)" != 0 ]; then
    CARDSTACK_BIN_DIR=$bin_dir exec python3 -m pytest -q ${marks:+-m "$marks"} "$@" "${paths[@]}"
fi

user=${CARDSTACK_TEST_USER:-cardstack-test}
if ! getent passwd "$user" >/dev/null; then
    echo "integration: creating the unprivileged user $user, who runs the suite"
    useradd --system --user-group --create-home --home-dir "/var/lib/$user" --shell /bin/bash "$user" || exit 2
fi
home=$(getent passwd "$user" | cut -d: -f6)
uid=$(id -u "$user")
gid=$(id -g "$user")
as_user=(setpriv "--reuid=$uid" "--regid=$gid" --init-groups env -i "HOME=$home" "USER=$user" "LOGNAME=$user"
    "PATH=$home/venv/bin:$(dirname "$(command -v swift)"):/usr/local/bin:/usr/bin:/bin" "LANG=C.UTF-8"
    ${CI:+CI=$CI})
# Pass the suite's own knobs through (CARDSTACK_*_ROUNDS, CARDSTACK_FLOOD_SECONDS, ...).
while IFS='=' read -r name _; do
    case $name in CARDSTACK_BIN_DIR | CARDSTACK_TEST_USER) ;; CARDSTACK_*) as_user+=("$name=${!name}") ;; esac
done < <(env)

# The user's Python: Debian's python3 (root's may live under /root) with the suite's packages.
if ! "${as_user[@]}" "$home/venv/bin/python" -c "import pytest, selenium, PIL" 2>/dev/null \
    || ! "${as_user[@]}" test -x "$home/venv/bin/taplo"; then
    echo "integration: making $user's Python ($home/venv: pytest, selenium, Pillow, taplo from PyPI)"
    "${as_user[@]}" /usr/bin/python3 -m venv "$home/venv" || exit 2
    "${as_user[@]}" "$home/venv/bin/pip" install -q pytest selenium Pillow taplo || exit 2
fi

# The checkout is lent to the user for the run, in place: its .build holds absolute paths
# (a copy elsewhere would rebuild from scratch), and the tests build and write in it (make
# run, make install, the follower example). Its owner gets it back however the run ends.
# Not .git, which is the owner's (and worktrees' beside it): the user's git trusts it.
owner=$(stat -c %u:%g "$repo")
# SwiftPM's locks for the checkout's build folders, in /tmp, go with it.
lend() {
    find "$repo" -mindepth 1 -maxdepth 1 ! -name .git -print0 | xargs -0 chown -R "$@" && chown "$@" "$repo" &&
        find /tmp -maxdepth 1 -name "${repo//\//_}_*.lock" -exec chown "$@" {} +
}
lend "$uid:$gid" || exit 2
trap 'lend --from="$uid:$gid" "$owner"' EXIT
(cd / && "${as_user[@]}" git config --global safe.directory '*')
user_run=("${as_user[@]}" "CARDSTACK_BIN_DIR=$bin_dir" python -m pytest -q -m "$(only "not root")" -p no:cacheprovider "$@" "${paths[@]}")
echo "integration: the suite as $user (uid $uid), the tests marked root skipped"
if "${as_user[@]}" test -r "$repo/Makefile"; then
    "${user_run[@]}"
else
    # A folder above the checkout is closed to the user (root's home, say): in a private
    # mount namespace an open tmpfs takes that folder's place, with the checkout bound back
    # at its own path.
    closed=$repo
    while [ "$closed" != / ] && ! "${as_user[@]}" test -x "$(dirname "$closed")"; do closed=$(dirname "$closed"); done
    lent=$(mktemp -d)
    unshare --mount --propagation private sh -ec 'mount --bind "$1" "$2"; mount -t tmpfs -o mode=0755 tmpfs "$3";
        mkdir -p "$1"; mount --bind "$2" "$1"; cd "$1"; shift 3; exec "$@"' sh "$repo" "$lent" "$closed" "${user_run[@]}"
fi
user_status=$?
[ -z "${lent:-}" ] || rmdir "$lent"
lend --from="$uid:$gid" "$owner"
echo "integration: the tests marked root, as root"
CARDSTACK_BIN_DIR=$bin_dir python3 -m pytest -q -m "$(only root)" -p no:cacheprovider "$@" "${paths[@]}"
root_status=$?
# pytest's 5 is "no test selected": a slice (-k) may hold none of one kind.
[ $user_status = 5 ] && user_status=0
[ $root_status = 5 ] && root_status=0
[ $user_status = 0 ] && [ $root_status = 0 ]
