import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import BridgeCodecTesting
@testable import SwedbankPayMerchantBackend

@Suite("Hostile input")
struct HostileInputTests {
    private static let tenMegabytes = 10 << 20
    private static let roomy = (try? JSONLimits(maxBytes: 200 << 20)) ?? .largest

    private func reason(_ bytes: [UInt8], limits: JSONLimits) -> JSONError.Reason? {
        do {
            _ = try JSONValue(parsing: bytes, limits: limits)
            return nil
        } catch {
            return error.reason.positionless
        }
    }

    @Test func tenMegabytesOfOpenBracketsStopAtTheDepthLimit() {
        let input = [UInt8](repeating: UInt8(ascii: "["), count: Self.tenMegabytes)
        #expect(reason(input, limits: .default) == .tooLarge(limit: 1 << 20))
        let start = ContinuousClock.now
        #expect(reason(input, limits: Self.roomy) == .nestingTooDeep(limit: 64))
        // A bound on blow-up, not a benchmark: rejection must not depend on the input's length.
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func tenMegabytesOfNestedObjectsStopAtTheDepthLimit() {
        let unit = Array(#"{"a":"#.utf8)
        let input = [UInt8]((0..<(Self.tenMegabytes / unit.count)).lazy.flatMap { _ in unit })
        #expect(reason(input, limits: .default) == .tooLarge(limit: 1 << 20))
        let start = ContinuousClock.now
        #expect(reason(input, limits: Self.roomy) == .nestingTooDeep(limit: 64))
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func aHundredMegabyteStringIsRejectedByTheLimits() throws {
        var input = [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20)
        input[0] = UInt8(ascii: "\"")
        input[input.count - 1] = UInt8(ascii: "\"")
        #expect(reason(input, limits: .default) == .tooLarge(limit: 1 << 20))
        let stringLimited = try JSONLimits(maxBytes: 200 << 20, maxStringLength: 1 << 20)
        #expect(reason(input, limits: stringLimited) == .stringTooLong(limit: 1 << 20))
        // With an escape the slow path runs; it stops at the limit too.
        input[1] = UInt8(ascii: "\\")
        input[2] = UInt8(ascii: "n")
        #expect(reason(input, limits: stringLimited) == .stringTooLong(limit: 1 << 20))
    }

    /// Every byte of a real message, replaced by each kind of invalid UTF-8, is reported at that byte.
    @Test(arguments: [[0x80], [0xBF], [0xC0, 0xAF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFE], [0xFF]] as [[UInt8]])
    func invalidUTF8AtEveryPositionIsATypedError(bad: [UInt8]) {
        let message = Array(
            #"{"type":"merchant_redirect","result":"cancel","url":"https://merchant.example/é?o=1","n":[1,true,null]}"#.utf8)
        for position in message.indices {
            var input = message
            input.replaceSubrange(position..<position + 1, with: bad)
            // Swapping one continuation byte for another can leave valid UTF-8; only broken input counts.
            if String(validatingUTF8Bytes: input) != nil { continue }
            do {
                _ = try JSONValue(parsing: input)
                Issue.record("accepted with \(bad) at \(position)")
            } catch {
                // Inside "é" the sequence breaks at the lead byte before it, at most one byte earlier.
                #expect((position - 1...position).contains(error.offset ?? -1), "\(bad) at \(position): \(error)")
            }
        }
    }

    /// Values as deep as any limits allow are walked one call per level where they are checked,
    /// decoded, compared, written and freed. All of it must fit a thread with a few MiB of stack
    /// in this debug build (a release build fits the 512 KiB of an iOS secondary thread);
    /// a walk that grows its frames, or a limit past ``JSONLimits/deepestNesting``, crashes here.
    @Test func theDeepestNestingFitsABoundedStack() {
        indirect enum Tree: Decodable {
            case branch([Tree])

            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                var children: [Tree] = []
                while !container.isAtEnd { children.append(try container.decode(Tree.self)) }
                self = .branch(children)
            }
        }
        let depth = JSONLimits.deepestNesting
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let deepest = JSONLimits.largest
        let finished = DispatchSemaphore(value: 0)
        let outcomes = ThreadOutcomes()
        let thread = Thread {
            var graph: Any = [Any]()
            for _ in 1..<depth { graph = [graph] }
            let value = try? JSONValue(parsing: text, limits: deepest)
            outcomes.record(
                value != nil && value == (try? JSONValue(foundationObject: graph, limits: deepest)) && value?.jsonText == text
                    && (try? StrictJSONDecoder(limits: deepest).decode(Tree.self, from: text)) != nil)
            finished.signal()
        }
        thread.stackSize = 3 << 20
        thread.start()
        finished.wait()
        #expect(outcomes.all == [true])
    }

    @Test func randomBytesNeverCrash() {
        var generator = SeededRandom(seed: 0xB1D6E)
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 64)
            let alphabet = Array(#"{}[]",:0123456789-+.eE\tnulltruefalse u"#.utf8) + [0x00, 0x80, 0xC3, 0xA9, 0xED, 0xF4, 0xFF]
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            _ = try? JSONValue(parsing: bytes)
        }
    }
}

/// What a test thread reports back, behind a lock.
private final class ThreadOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Bool] = []

    func record(_ outcome: Bool) {
        lock.withLock { outcomes.append(outcome) }
    }

    var all: [Bool] { lock.withLock { outcomes } }
}
