// A plain `swift build` links this target as an executable that does nothing; scripts/fuzz builds it with
// -sanitize=fuzzer, where libFuzzer supplies main and calls LLVMFuzzerTestOneInput.
