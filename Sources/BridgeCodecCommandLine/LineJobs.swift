import Foundation

/// `decode --jsonl --jobs N`: the lines of a capture answered on N threads, written in their
/// order, exactly as one job writes them.
///
/// The calling thread reads lines into blocks of ``blockLines`` and queues them; each job, a
/// thread with a reader of its own, takes the next block as soon as it is free, so the jobs never
/// wait for the reading, for the writing, or for a job given costlier lines. The calling thread
/// writes each block's result once it and every block before it are answered. Memory stays within
/// ``queuedBytes`` of input, their results and a line, whatever the input's size.
final class LineJobs: @unchecked Sendable {
    // Unchecked: what the jobs and the calling thread share is behind `condition`; a block's
    // lines are read, and its result written, by the one job that took it.

    /// The lines of a block.
    static let blockLines = 128
    /// The bytes of input the queue may hold before the calling thread waits for the oldest block.
    static let queuedBytes = 2 << 20

    private let condition = NSCondition()
    /// Blocks not yet written, in input order; the jobs take them from `next` on.
    private var blocks: [Block] = []
    private var next = 0
    private var queued = 0
    private var closed = false
    /// The lines being gathered into a block.
    private var filling = Block()
    private var running = 0
    /// Who is waiting on `condition`: a wake-up goes only where someone waits for it.
    private var idleJobs = 0
    private var writerWaits = false

    /// Starts a job, a thread, for each reader: a reader is used by one thread only.
    init(readers: [DecodeCommand.LineReader]) {
        running = readers.count
        for reader in readers {
            Thread { self.work(reader) }.start()
        }
    }

    /// Adds line `number` to the block being filled, and queues the block once it is full.
    func add(_ number: Int, _ line: InputSource.Line) {
        switch line {
        case .text(let bytes):
            filling.lines.append(Block.Line(number: number, text: filling.text.count..<filling.text.count + bytes.count, tooLong: nil))
            filling.text += bytes
        case .tooLong(let byteCount):
            filling.lines.append(Block.Line(number: number, text: 0..<0, tooLong: byteCount))
        }
        if filling.lines.count == Self.blockLines { queueFilling() }
    }

    /// Writes the blocks answered so far, in order; with `all`, waits until every line added is
    /// answered and written. Waits too while the queue holds more than ``queuedBytes``.
    func write(all: Bool, to write: (Data) -> Void, counting counts: inout CaptureSummary) {
        if all { queueFilling() }
        var output = Data()
        condition.lock()
        while let oldest = blocks.first {
            if !oldest.isDone {
                guard all || queued > Self.queuedBytes else { break }
                // Writes what is ready before waiting, so that a slow reader of the output is fed.
                if !output.isEmpty {
                    condition.unlock()
                    write(output)
                    output.removeAll(keepingCapacity: true)
                    condition.lock()
                    // The block may have been answered meanwhile: looked at again before waiting.
                    continue
                }
                writerWaits = true
                condition.wait()
                writerWaits = false
                continue
            }
            blocks.removeFirst()
            next -= 1
            queued -= oldest.text.count
            output.append(contentsOf: oldest.output)
            counts.merge(oldest.counts)
        }
        condition.unlock()
        if !output.isEmpty { write(output) }
    }

    /// Ends the jobs once every block is written; the threads return.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func queueFilling() {
        guard !filling.lines.isEmpty else { return }
        condition.lock()
        blocks.append(filling)
        queued += filling.text.count
        if idleJobs > 0 { condition.broadcast() }
        condition.unlock()
        filling = Block()
    }

    /// Answers the next block with `reader`, and the next, until the jobs are closed.
    private func work(_ reader: DecodeCommand.LineReader) {
        condition.lock()
        while true {
            guard next < blocks.count else {
                if closed { break }
                idleJobs += 1
                condition.wait()
                idleJobs -= 1
                continue
            }
            let block = blocks[next]
            next += 1
            condition.unlock()
            block.answer(with: reader)
            condition.lock()
            block.isDone = true
            if writerWaits { condition.broadcast() }
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}

/// Up to ``LineJobs/blockLines`` lines, their text one after the other, and what they are answered with.
private final class Block {
    /// A line: its number, and where its text is, or its length when it is too long to read.
    struct Line {
        let number: Int
        let text: Range<Int>
        let tooLong: Int?
    }

    var lines: [Line] = []
    var text: [UInt8] = []
    var output: [UInt8] = []
    var counts = CaptureSummary()
    var isDone = false

    func answer(with reader: DecodeCommand.LineReader) {
        // Into locals first: blocks sit side by side in memory, and jobs writing one cache line
        // at every line would each wait for the other.
        var output: [UInt8] = []
        var counts = CaptureSummary()
        text.withUnsafeBufferPointer { text in
            for line in lines {
                if let byteCount = line.tooLong {
                    reader.answer(line.number, tooLong: byteCount, into: &output, counting: &counts)
                } else {
                    reader.answer(line.number, text: text[line.text], into: &output, counting: &counts)
                }
            }
        }
        self.output = output
        self.counts = counts
    }
}
