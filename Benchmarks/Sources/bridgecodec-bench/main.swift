import Foundation

// Synchronous on purpose: valgrind cannot run an async main on this toolchain (see TOOLCHAIN.md).
let usage = """
    usage: bridgecodec-bench [--json] [--only GROUP]
           bridgecodec-bench --profile NAME [--iterations N]

    Measures BridgeCodec against the Foundation paths it replaces, in the same run,
    and prints each figure with its ratio (speed-up) against its Foundation baseline.
    Build with -c release: swift run -c release bridgecodec-bench

    --only runs one group of rows: decode, dispatch, allocs, parse, escape or app
    (repeat it for several); ratios are still taken within the same run.

    --profile runs one measured body N times (default 10000) untimed, inside the
    function runBenchmark, for valgrind --tool=callgrind --toggle-collect='*runBenchmark*'.

    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n\(usage)".utf8))
    exit(2)
}

@inline(never)
func runBenchmark(_ body: () -> Int, iterations: Int) {
    var sink = 0
    for _ in 0..<iterations { sink &+= body() }
    blackHole(sink)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var json = false
var profile: String?
var iterations = 10_000
var groups: Set<String> = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--help", "-h":
        print(usage, terminator: "")
        exit(0)
    case "--json":
        json = true
    case "--profile":
        guard !arguments.isEmpty else { fail("--profile needs a name") }
        profile = arguments.removeFirst()
    case "--only":
        guard !arguments.isEmpty else { fail("--only needs a group") }
        groups.insert(arguments.removeFirst())
    case "--iterations":
        guard !arguments.isEmpty, let count = Int(arguments.removeFirst()), count > 0 else {
            fail("--iterations needs a positive integer")
        }
        iterations = count
    default:
        fail("unknown argument \(argument)")
    }
}

let allBodies =
    DecodeBenchmarks.bodies() + DispatchBenchmarks.bodies() + DispatchBenchmarks.resultBodies() + ParseBenchmarks.bodies()
    + EscapeBenchmarks.bodies() + AppChannelBenchmarks.bodies()
if let profile {
    guard let body = allBodies.first(where: { $0.name == profile })?.body else {
        fail("no benchmark named \(profile); known: \(allBodies.map(\.name).joined(separator: ", "))")
    }
    runBenchmark(body, iterations: iterations)
    exit(0)
}

// Each group times its own rows interleaved, so a group's ratios do not depend on which others run.
let benchmarkGroups: [(name: String, run: () -> [Measurement])] = [
    ("decode", DecodeBenchmarks.run), ("dispatch", DispatchBenchmarks.run), ("allocs", AllocationBenchmarks.run),
    ("parse", ParseBenchmarks.run), ("escape", EscapeBenchmarks.run), ("app", AppChannelBenchmarks.run),
]
if let unknown = groups.first(where: { group in !benchmarkGroups.contains { $0.name == group } }) {
    fail("no group named \(unknown); known: \(benchmarkGroups.map(\.name).joined(separator: ", "))")
}
let rows = withRatios(benchmarkGroups.filter { groups.isEmpty || groups.contains($0.name) }.flatMap { $0.run() })
if json {
    printJSON(rows)
} else {
    printTable(rows)
}
