#!/usr/bin/env bash
# The integration suite (Tests/integration) against the binaries in BIN_DIR, run the way our
# users run cardstack: as a normal user.
#
#   scripts/integration.sh BIN_DIR [pytest arguments and paths...]
#
# With no paths after BIN_DIR it runs Tests/integration (e.g. `scripts/integration.sh
# .build/debug -k page`); with paths, those (relative to the checkout).
#
# Run by a normal user, it runs the suite as that user, with the Python `make test-deps`
# makes in .build/venv (pytest, selenium, Pillow and taplo from PyPI); the tests marked
# `root` (mount and PID namespaces, other uids through setpriv, the package, the system
# service) skip themselves.
#
# Run as root (CI, containers), it never runs as root what another user could have changed
# during the run:
# 1. the tests marked `root` run first, as root, with root's own Python (a venv from Debian's
#    python3 in /var/cache/cardstack-test/venv, its bytecode kept there too), while the
#    checkout is still only its owner's;
# 2. then every other test runs as an unprivileged user, CARDSTACK_TEST_USER (default
#    cardstack-test, created when missing, a system account with a home of its own, and a
#    venv there), on the checkout lent to that user (where a folder above it is closed to
#    that user, such as /root, through a private mount namespace);
# 3. then the checkout is given back to its owner: the owner of .git, which is never lent
#    (a run stopped even by SIGKILL is given back by the next one). What the checkout held
#    when lent (every file's SHA-256 but .git's and the build folders', and the binaries the
#    root tests run) is recorded in /var/cache/cardstack-test/lent (root's): a file changed
#    while lent fails the run, named, and keeps every later run from running anything as
#    root on that checkout until its owner has looked and removed the record.
# Ctrl-C, SIGTERM and SIGHUP stop the whole run: the running pytest gets SIGINT (its
# fixtures clean up), the checkout is given back, nothing is left in /tmp, and the exit
# status is 128 + the signal's number. Both runs must pass.
#
# The whole script is one function, read before any of it runs: the file may change while
# the checkout is lent, and bash reads a script as it goes.
main() {
    set -uo pipefail
    cd "$(dirname "$0")/.." || exit 2
    repo=$PWD
    bin_dir=$(cd "${1:?usage: scripts/integration.sh BIN_DIR [pytest arguments...]}" && pwd) || exit 2
    shift
    # Tests/integration unless a path is given. A marker expression (-m EXPR) is kept apart:
    # the two runs below add "not root" and "root" to it.
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

    if [ "$(id -u)" != 0 ]; then
        python=python3
        [ -x "$repo/.build/venv/bin/python" ] && python=$repo/.build/venv/bin/python
        if ! "$python" -c "import pytest" 2>/dev/null; then
            echo "integration: $python has no pytest: \`make test-deps\` makes .build/venv (pytest, selenium, Pillow, taplo from PyPI; Debian's python3-venv)" >&2
            exit 2
        fi
        PATH="$(dirname "$python"):$PATH" CARDSTACK_BIN_DIR=$bin_dir \
            exec "$python" -m pytest -q ${marks:+-m "$marks"} "$@" "${paths[@]}"
    fi

    user=${CARDSTACK_TEST_USER:-cardstack-test}
    if ! getent passwd "$user" >/dev/null; then
        echo "integration: creating the unprivileged user $user, who runs the suite"
        useradd --system --user-group --create-home --home-dir "/var/lib/$user" --shell /bin/bash "$user" || exit 2
    fi
    home=$(getent passwd "$user" | cut -d: -f6)
    uid=$(id -u "$user")
    gid=$(id -g "$user")
    # Whose the checkout is: read from .git, which is never lent.
    if [ -e "$repo/.git" ]; then
        owner=$(stat -c %u:%g "$repo/.git")
    elif [ "$(stat -c %u "$repo")" != "$uid" ]; then
        owner=$(stat -c %u:%g "$repo")
    else
        echo "integration: $repo is $user's and has no .git to tell whose it was: chown -R it back to its owner, then run again" >&2
        exit 2
    fi
    if [ "${owner%%:*}" = "$uid" ]; then
        echo "integration: $repo/.git is $user's, the account the suite runs as: chown -R the checkout to its owner first" >&2
        exit 2
    fi
    trap 'stop INT 130' INT
    trap 'stop TERM 143' TERM
    trap 'stop HUP 129' HUP
    # What the checkout held when it was lent (root's alone), kept until it is given back
    # unchanged.
    install -d -m 700 -o root -g root /var/cache/cardstack-test/lent || exit 2
    record=/var/cache/cardstack-test/lent/$(printf %s "$repo" | sha256sum | cut -c1-16)
    # A run stopped while it lent the checkout (SIGKILL, a power cut) left files of the user's.
    if [ -n "$(find "$repo" -path "$repo/.git" -prune -o -user "$uid" -print -quit)" ]; then
        echo "integration: giving back to $owner what an earlier run left lent to $user"
        lend --from="$uid:$gid" "$owner" || exit 2
    fi
    if [ -e "$record" ]; then
        unchanged_since_lent || exit 2
    fi

    as_user=(setpriv "--reuid=$uid" "--regid=$gid" --init-groups env -i "HOME=$home" "USER=$user" "LOGNAME=$user"
        "PATH=$home/venv/bin:$(dirname "$(command -v swift)"):/usr/local/bin:/usr/bin:/bin" "LANG=C.UTF-8"
        ${CI:+CI=$CI})
    # Pass the suite's own knobs through (CARDSTACK_*_ROUNDS, CARDSTACK_FLOOD_SECONDS, ...).
    while IFS='=' read -r name _; do
        case $name in CARDSTACK_BIN_DIR | CARDSTACK_TEST_USER) ;; CARDSTACK_*) as_user+=("$name=${!name}") ;; esac
    done < <(env)

    # Root's Python and the user's, each from Debian's python3 with the suite's packages,
    # each where only its user can write.
    root_venv=/var/cache/cardstack-test/venv
    if ! "$root_venv/bin/python" -c "import pytest, selenium, PIL" 2>/dev/null; then
        echo "integration: making root's Python ($root_venv: pytest, selenium, Pillow from PyPI)"
        install -d -m 755 -o root -g root /var/cache/cardstack-test || exit 2
        /usr/bin/python3 -m venv "$root_venv" && "$root_venv/bin/pip" install -q pytest selenium Pillow || exit 2
    fi
    if ! "${as_user[@]}" "$home/venv/bin/python" -c "import pytest, selenium, PIL" 2>/dev/null \
        || ! "${as_user[@]}" test -x "$home/venv/bin/taplo"; then
        echo "integration: making $user's Python ($home/venv: pytest, selenium, Pillow, taplo from PyPI)"
        "${as_user[@]}" /usr/bin/python3 -m venv "$home/venv" || exit 2
        "${as_user[@]}" "$home/venv/bin/pip" install -q pytest selenium Pillow taplo || exit 2
    fi

    echo "integration: the tests marked root, as root, before the checkout is lent"
    run env "PATH=$root_venv/bin:$PATH" "PYTHONPYCACHEPREFIX=/var/cache/cardstack-test/pycache" \
        "CARDSTACK_BIN_DIR=$bin_dir" "$root_venv/bin/python" "${pytest_main[@]}" -q -m "$(only root)" \
        -p no:cacheprovider "$@" "${paths[@]}"
    root_status=$?

    # The checkout is lent to the user for the run, in place: its .build holds absolute paths
    # (a copy elsewhere would rebuild from scratch), and the tests build and write in it (make
    # run, make install, the follower example). Not .git, which is the owner's (and worktrees'
    # beside it): the user's git trusts it.
    fingerprint >"$record" || exit 2
    lent=yes
    lend "$uid:$gid" || { give_back; exit 2; }
    (cd / && "${as_user[@]}" git config --global safe.directory '*')
    user_run=("${as_user[@]}" "CARDSTACK_BIN_DIR=$bin_dir" python "${pytest_main[@]}" -q -m "$(only "not root")"
        -p no:cacheprovider "$@" "${paths[@]}")
    echo "integration: the suite as $user (uid $uid), the tests marked root skipped"
    if "${as_user[@]}" test -r "$repo/Makefile"; then
        run "${user_run[@]}"
    else
        # A folder above the checkout is closed to the user (root's home, say): in a private
        # mount namespace an open tmpfs takes that folder's place, with the checkout bound
        # back at its own path (by way of a folder in /tmp, gone once the mounts are made).
        closed=$repo
        while [ "$closed" != / ] && ! "${as_user[@]}" test -x "$(dirname "$closed")"; do closed=$(dirname "$closed"); done
        through=$(mktemp -d -p /tmp cardstack-lend.XXXXXX) || { give_back; exit 2; }
        run unshare --mount --propagation private sh -ec 'mount --bind "$1" "$2"; mount -t tmpfs -o mode=0755 tmpfs "$3";
            mkdir -p "$1"; mount --bind "$2" "$1"; umount "$2"; rmdir "$2"; cd "$1"; shift 3; exec "$@"' \
            sh "$repo" "$through" "$closed" "${user_run[@]}"
    fi
    user_status=$?
    give_back || exit 2
    # pytest's 5 is "no test selected": a slice (-k) may hold none of one kind.
    [ $user_status = 5 ] && user_status=0
    [ $root_status = 5 ] && root_status=0
    [ $user_status = 0 ] && [ $root_status = 0 ]
}

# pytest, with Ctrl-C's KeyboardInterrupt even where SIGINT was ignored when it started (a
# background job of a script): it is how a stopped run lets the tests clean up.
pytest_main=(-c 'import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler)
import pytest; sys.exit(pytest.main())')

only() { if [ ${#marks[@]} -gt 0 ]; then echo "(${marks[0]}) and $1"; else echo "$1"; fi; }

# Runs "$@" in a process group of its own while the script waits, so that a signal to the
# script is handled at once (bash holds a trap until a foreground child ends).
child=
run() {
    set -m
    "$@" </dev/null &
    child=$!
    set +m
    wait "$child"
    local status=$?
    child=
    return $status
}

# Ctrl-C, SIGTERM or SIGHUP: the running tests get SIGINT and at most 60 s to clean up (then
# SIGKILL), the checkout goes back, and the run ends with 128 + the signal's number.
stop() {
    trap '' INT TERM HUP
    echo "integration: stopped by SIG$1: stopping the tests and giving the checkout back" >&2
    if [ -n "$child" ]; then
        kill -INT -- "-$child" 2>/dev/null
        local tenths=0
        while kill -0 "$child" 2>/dev/null && [ $tenths -lt 600 ]; do sleep 0.1; tenths=$((tenths + 1)); done
        kill -KILL -- "-$child" 2>/dev/null
        wait "$child"
    fi
    [ -z "${lent:-}" ] || give_back
    exit "$2"
}

# Lends the checkout (all but .git) to "$@" (chown's arguments); SwiftPM's locks for its
# build folders, in /tmp, go with it.
lend() {
    find "$repo" -mindepth 1 -maxdepth 1 ! -name .git -print0 | xargs -0 -r chown -R "$@" && chown "$@" "$repo" &&
        find /tmp -maxdepth 1 -name "${repo//\//_}_*.lock" -exec chown "$@" {} +
}

# What is the user's goes back to the owner; the folder the namespace went through, if left.
# Fails, saying what, when the user changed what root runs.
give_back() {
    [ -z "${through:-}" ] || rmdir "$through" 2>/dev/null
    through=
    lent=
    lend --from="$uid:$gid" "$owner" && unchanged_since_lent
}

# Every file of the checkout, a symbolic link by where it points (the code, the tests, this
# script, the Makefile, packaging), and the binaries the root tests run, with their SHA-256.
# Not .git, nor what the tests' own builds write as the user and root does not run: the
# build folders (make install and make run build as the user: a later `swift build` as root
# builds on what is there), caches, editors' swap files, and the example packages' resolved
# versions.
fingerprint() {
    local skip=(\( -name .git -o -name '.build*' -o -name __pycache__ -o -name .pytest_cache -o -name '*.swp'
        -o -path './examples/*/Package.resolved' -o -path './examples/*/.swiftpm' \) -prune -o)
    (cd "$repo" && find . "${skip[@]}" -type f -print0 | sort -z | xargs -0 -r sha256sum &&
        find . "${skip[@]}" ! -type f ! -type d -printf '%y:%l  %p\n' | sort) &&
        for f in "$bin_dir/cardstack" "$bin_dir/cardstackd" "$repo/.build/release/cardstack" "$repo/.build/release/cardstackd"; do
            [ ! -f "$f" ] || sha256sum "$f"
        done
}

# Whether the checkout is as it was lent (the record goes); otherwise what changed, and the
# record stays, so no later run runs the root tests on it until its owner has looked.
unchanged_since_lent() {
    local changed
    changed=$(fingerprint | diff "$record" - | sed -n 's/^[<>] [^ ]*  //p' | sort -u)
    if [ -z "$changed" ]; then
        rm -f "$record"
        return 0
    fi
    echo "integration: while the checkout was lent to $user, these changed (or the record is older than your edits):" >&2
    sed 's/^/  /' <<<"$changed" >&2
    echo "  root runs none of them until you have looked (git status, git diff; make clean for the binaries), then: rm $record" >&2
    return 1
}

main "$@"
exit
