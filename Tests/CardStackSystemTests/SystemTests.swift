import CardStackSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What asks the operating system: which socket path each rule chooses, which socket
/// directories are trusted, who is at the other end of a socket, the clocks.
@Suite struct SocketPathTests {
    @Test func anOptionWinsThenTheEnvironmentThenTheRuntimeDirectoryThenTheDefault() {
        let env = ["CARDSTACK_SOCKET": "/e/s.sock", "XDG_RUNTIME_DIR": "/run/user/7"]
        let option = SocketPath.resolve(option: "/o/s.sock", environment: env)
        #expect(option.path == "/o/s.sock" && option.origin == "from --socket")
        #expect(SocketPath.resolve(option: nil, environment: env).path == "/e/s.sock")
        #expect(
            SocketPath.resolve(option: "", environment: ["XDG_RUNTIME_DIR": "/run/user/7"]).path
                == "/run/user/7/cardstack/cardstackd.sock")
        let fallback = SocketPath.resolve(option: nil, environment: [:])
        #expect(fallback.path == "/tmp/cardstack-\(getuid())/cardstackd.sock")
        #expect(fallback.origin == "the default for uid \(getuid())")
    }

    @Test func aClientFallsBackToTheSystemSocketOnlyWhenItsOwnDefaultHasNone() throws {
        let directory = try TemporaryDirectory()
        let system = directory.path + "/system.sock"
        let runtime = ["XDG_RUNTIME_DIR": directory.path + "/nobody"]
        // No socket at the system path: the user's default stands.
        #expect(
            SocketPath.resolveForClient(option: nil, environment: runtime, systemPath: system).origin
                == "from $XDG_RUNTIME_DIR")
        let listener = try UnixListener(system)
        defer { listener.close() }
        let chosen = SocketPath.resolveForClient(option: nil, environment: runtime, systemPath: system)
        #expect(chosen.path == system && chosen.origin.hasPrefix("the system service's socket: no socket at "))
        // An explicit choice is never overridden.
        #expect(
            SocketPath.resolveForClient(option: "/x.sock", environment: runtime, systemPath: system).path == "/x.sock")
        #expect(
            SocketPath.resolveForClient(option: nil, environment: ["CARDSTACK_SOCKET": "/y.sock"], systemPath: system)
                .path
                == "/y.sock")
    }
}

@Suite struct SocketDirectoryTests {
    @Test func aDirectoryOfYourOwnIsTrustedOnlyWhileNobodyElseMayWriteIt() throws {
        let directory = try TemporaryDirectory()
        let socket = directory.path + "/s.sock"
        let me = UInt32(getuid())
        guard me != 0 else {
            // As root, a directory of root's own is trusted unless group or others may write it.
            #expect(SocketDirectory.problem(forSocket: socket) == nil)
            chmod(directory.path, 0o777)
            #expect(SocketDirectory.problem(forSocket: socket)?.contains("writable by group or others") == true)
            // Someone else's directory is not.
            chown(directory.path, 4321, 4321)
            #expect(SocketDirectory.problem(forSocket: socket)?.contains("belongs to uid 4321, not to you") == true)
            return
        }
        #expect(SocketDirectory.problem(forSocket: socket) == nil)
        chmod(directory.path, 0o770)
        #expect(SocketDirectory.problem(forSocket: socket)?.contains("open to group or others") == true)
    }

    @Test func aPathThatIsNoDirectoryOrIsNotThereYet() throws {
        let directory = try TemporaryDirectory()
        #expect(SocketDirectory.problem(forSocket: directory.path + "/missing/s.sock") == nil)
        let file = directory.path + "/file"
        close(open(file, O_CREAT | O_WRONLY, 0o600))
        #expect(SocketDirectory.problem(forSocket: file + "/s.sock")?.contains("is not a directory") == true)
        #expect(SocketDirectory.parent(of: "s.sock") == "." && SocketDirectory.parent(of: "/s.sock") == "/")
    }
}

@Suite struct PeerAndClockTests {
    @Test func theOtherEndOfASocketPairIsThisProcess() throws {
        var ends: [CInt] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { for end in ends { close(end) } }
        let peer = try #require(PeerCredentials.of(ends[0]))
        #expect(peer == PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid()))
        #expect(peer.distrust(path: "/s.sock") == nil)
        let stranger = PeerCredentials(pid: 99, uid: UInt32(getuid()) &+ 1, gid: 0)
        #expect(stranger.distrust(path: "/s.sock")?.contains("it runs as uid \(UInt32(getuid()) &+ 1)") == true)
        #expect(PeerCredentials.of(-1) == nil)
    }

    @Test func aPathTooLongForASocketIsRefusedAndTheClocksMove() {
        #expect(UnixSocketAddress.with(String(repeating: "x", count: 200), { _, _ in 0 }) == nil)
        #expect(UnixSocketAddress.with("/tmp/s.sock", { _, length in Int(length) }) != nil)
        let a = SystemClock.monotonic
        let b = SystemClock.monotonic
        #expect(b >= a && SystemClock.wall > 1.7e9)
    }
}

/// A directory of this test's own (0700), removed with what is in it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/cardstack-system-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SystemTestError.noDirectory
        }
        path = String(cString: made)
    }

    deinit {
        if let listing = opendir(path) {
            while let entry = readdir(listing) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != ".", name != ".." { unlink(path + "/" + name) }
            }
            closedir(listing)
        }
        rmdir(path)
    }
}

/// A listening Unix socket at a path.
struct UnixListener {
    let fd: CInt

    init(_ path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard UnixSocketAddress.with(path, { bind(fd, $0, $1) }) == 0, listen(fd, 1) == 0 else {
            throw SystemTestError.noSocket
        }
    }

    func close() { Glibc.close(fd) }
}

enum SystemTestError: Error {
    case noDirectory, noSocket
}
