import BridgeCodecTesting
import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

/// One dispatcher shared by many threads and tasks at once gives each message the outcome one
/// thread gives it: every transport, valid and hostile bodies. The test command runs this suite
/// under ThreadSanitizer too.
@Suite("Concurrent dispatch")
struct ConcurrentDispatchTests {
    /// A message as bytes, with how it crosses the bridge; each worker builds its own body from it.
    private struct Input: Sendable {
        enum Transport: Sendable, CaseIterable { case text, graph, structured }
        let handler: String
        let transport: Transport
        let body: [UInt8]
    }

    private static let dispatcher = BridgeDispatcher(
        channels: BridgeChannel.allProviders(origins: .anyOrigin), limits: (try? JSONLimits(maxBytes: 4_096, maxDepth: 16)) ?? .default)

    private static let inputs: [Input] = ProviderExamples.bodies.sorted { $0.key < $1.key }.flatMap { handler, example -> [Input] in
        let bodies =
            [Array(example.jsonText.utf8)]
            + ((try? MalformedPayloadGenerator(example: example, seed: 7).variants(count: 40)) ?? []).map(\.body)
        return bodies.flatMap { body in Input.Transport.allCases.map { Input(handler: handler, transport: $0, body: body) }
        }
    }

    private static func outcome(_ input: Input) -> Result<ProviderMessage, BridgeError> {
        switch input.transport {
        case .text:
            return dispatcher.outcome(handlerName: input.handler, jsonText: String(decoding: input.body, as: UTF8.self))
        case .graph:
            let graph = try? JSONSerialization.jsonObject(with: Data(input.body), options: .fragmentsAllowed)
            return dispatcher.outcome(handlerName: input.handler, foundationBody: graph)
        case .structured:
            guard let value = try? JSONValue(parsing: input.body, limits: .largest) else {
                return dispatcher.outcome(
                    BridgeMessage(handlerName: input.handler, body: .jsonText(String(decoding: input.body, as: UTF8.self))))
            }
            return dispatcher.outcome(BridgeMessage(handlerName: input.handler, body: .value(value)))
        }
    }

    @Test func threadsGetWhatOneThreadGets() {
        let expected = Self.inputs.map(Self.outcome)
        let workers = 8
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            // Each worker starts at its own place, so that different messages meet at once.
            for step in Self.inputs.indices {
                let index = (step + worker * Self.inputs.count / workers) % Self.inputs.count
                if Self.outcome(Self.inputs[index]) != expected[index] { mismatches.record(index) }
            }
        }
        #expect(mismatches.indices.isEmpty, "inputs \(mismatches.indices.prefix(10)) differ across threads")
        #expect(Self.inputs.count > 700)
    }

    @Test func tasksGetWhatOneTaskGets() async {
        let expected = Self.inputs.map(Self.outcome)
        let differing = await withTaskGroup(of: [Int].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    Self.inputs.indices.reversed().compactMap { step in
                        let index = (step + worker * 97) % Self.inputs.count
                        return Self.outcome(Self.inputs[index]) == expected[index] ? nil : index
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(differing.isEmpty, "inputs \(differing.prefix(10)) differ across tasks")
    }
}

extension ConcurrentDispatchTests {
    /// An app's channel and the page encoder, which keep no state between calls, on many threads.
    @Test func appChannelsAndTheEncoderGetWhatOneThreadGets() throws {
        let dispatcher = BridgeDispatcher(channels: [BridgeChannel<AppChannelTests.Share>("share", origins: .anyOrigin)])
        let variants = try MalformedPayloadGenerator(encoding: AppChannelTests.share, seed: 11).variants(count: 200)
        let bodies = [AppChannelTests.shareText] + variants.map { String(decoding: $0.body, as: UTF8.self) }
        @Sendable func outcome(_ body: String) -> String {
            let decoded = Result { () throws(BridgeError) in try dispatcher.dispatch(handlerName: "share", jsonText: body) }
            switch decoded {
            case .success(let share): return (try? ScriptJSONEncoder().encode(share)) ?? "unencodable"
            case .failure(let error): return error.description
            }
        }
        let expected = bodies.map(outcome)
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for step in bodies.indices {
                let index = (step + worker * 29) % bodies.count
                if outcome(bodies[index]) != expected[index] { mismatches.record(index) }
            }
        }
        #expect(mismatches.indices.isEmpty, "bodies \(mismatches.indices.prefix(10)) differ across threads")
        #expect(expected.first?.hasPrefix("{") == true)
    }
}

/// The inputs whose outcome differed, recorded from many threads.
private final class Mismatches: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var recorded: [Int] = []

    func record(_ index: Int) {
        lock.withLock { recorded.append(index) }
    }

    var indices: [Int] { lock.withLock { recorded } }
}
