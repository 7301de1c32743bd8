import CardStackSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Inputs that could hang a command or grow without end (issue 44): a FIFO is refused at
/// once, without waiting for a writer; a device is refused before a byte is read; a file
/// over the cap is refused; a regular file within it is read whole.
@Suite struct InputFileTests {
    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path + "/fifo.jsonl"
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer ever comes: a blocking open() would never return.
        #expect(throws: InputFile.Problem.self) { try InputFile.read(fifo, limit: 1 << 20) }
        do {
            _ = try InputFile.read(fifo, limit: 1 << 20)
        } catch {
            #expect(error.kind == .notRegular && error.description.contains("a FIFO (named pipe)"))
        }
    }

    @Test func aDeviceThatNeverEndsIsRefusedBeforeItIsRead() {
        do {
            _ = try InputFile.read("/dev/zero", limit: 1 << 20)
            Issue.record("/dev/zero was read")
        } catch {
            #expect(
                error.kind == .notRegular
                    && error.description == "it is a character device, not a regular file: give a file")
        }
    }

    @Test func aFileOverTheCapIsRefusedAndOneWithinItIsReadWhole() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/recording.jsonl"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 5000)
        #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == 5000)
        close(fd)
        #expect(try InputFile.read(path, limit: 5000) == bytes)
        do {
            _ = try InputFile.read(path, limit: 4096)
            Issue.record("a 5000-byte file was read with a 4096-byte cap")
        } catch {
            #expect(error.kind == .tooLarge && error.description == "it is 5000 bytes; at most 4096 bytes are read")
        }
        do {
            _ = try InputFile.read(directory.path + "/missing", limit: 10)
        } catch {
            #expect(error.kind == .missing)
        }
        #expect(InputFile.bytes(256 << 20) == "256 MiB" && InputFile.bytes(1 << 30) == "1 GiB")
    }
}

/// Children registered before they start and killed when the program stops (issue 44).
@Suite struct ChildRegistryTests {
    @Test func closingKillsTheRunningChildAndRemovesTheDirectories() throws {
        let parent = try TemporaryDirectory()
        let registry = ChildRegistry()
        let made = try registry.makeDirectory(in: parent.path, prefix: "cardstack-reference-")
        let directory = try #require(made)
        let file = open(directory + "/upload", O_WRONLY | O_CREAT, 0o600)
        close(file)
        // A child that would run for ten minutes, waited for on a thread of its own (not one
        // of Swift's pool, which the tests beside this one may all hold on a busy machine).
        let waiting = ChildOnOwnThread(["sleep", "600"], seconds: 900, registry: registry)
        let deadline = ChildProcess.monotonicNow() + 30
        while registry.runningChildren.isEmpty, ChildProcess.monotonicNow() < deadline { usleep(1000) }
        let pid = try #require(registry.runningChildren.first)
        registry.close()
        let outcome = try waiting.join().get()
        #expect(outcome.status == nil && !outcome.timedOut)
        #expect(kill(pid, 0) != 0)
        #expect(access(directory, F_OK) != 0)
        // Nothing starts once closed.
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess.run(["true"], seconds: 10, registry: registry) }
        #expect(throws: ChildRegistry.Closed.self) { try registry.makeDirectory(in: parent.path, prefix: "x-") }
    }

    @Test func aChildRunsBehindSetprivAndPrlimitWithItsMemoryBound() throws {
        let outcome = try ChildProcess.run(
            ["sh", "-c", "grep 'Max address space' /proc/self/limits"], seconds: 60, memory: 1 << 30)
        #expect(outcome.status == 0)
        let line = String(decoding: outcome.output, as: UTF8.self)
        #expect(line.contains("1073741824"), "\(line)")
        do {
            _ = try ChildProcess.run(["no-such-program-cardstack"], seconds: 10)
            Issue.record("a missing program ran")
        } catch {
            #expect(error.notFound)
        }
    }
}

/// Runs a child with ``ChildProcess/run(_:seconds:keep:memory:registry:)`` on a POSIX thread
/// of its own; ``join()`` waits for it and hands back how it ended.
final class ChildOnOwnThread: @unchecked Sendable {
    typealias Ended = Result<ChildProcess.Outcome, ChildProcess.Failure>
    private final class Job: @unchecked Sendable {
        let run: () -> Ended
        var ended: Ended?
        init(_ run: @escaping () -> Ended) { self.run = run }
    }
    private let job: Job
    private var thread = pthread_t()

    init(_ arguments: [String], seconds: Double, registry: ChildRegistry) {
        job = Job {
            Result { () throws(ChildProcess.Failure) in
                try ChildProcess.run(arguments, seconds: seconds, registry: registry)
            }
        }
        let context = Unmanaged.passRetained(job).toOpaque()
        let made = pthread_create(&thread, nil, ChildOnOwnThread.start, context)
        precondition(made == 0, "pthread_create: \(made)")
    }

    private static let start: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
        let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
        job.ended = job.run()
        return nil
    }

    func join() -> Ended {
        pthread_join(thread, nil)
        return job.ended!
    }
}
