/**
 * Turns off ONNX Runtime's own telemetry for this process; call before ONNX Runtime loads.
 * @remarks ONNX Runtime 1.29+ ships a telemetry uploader on Linux and macOS that starts with the
 * runtime, unless `ORT_DISABLE_TELEMETRY=1` is in the process environment at that moment. Two
 * reasons to stop it: ResearchPal is offline-first and sends nothing anywhere but Gemini, and
 * on Linux the uploader reads `/proc/self/cmdline` through a recursive `std::regex`, whose depth
 * grows with the length of the command line — a ~16 KB argument (a pasted question) overflowed
 * the worker thread's stack and killed the whole process with SIGSEGV (exit 139). The variable
 * is set on the calling thread's `process.env`, which on the main thread is the real process
 * environment that native code reads; a worker's `process.env` is only a copy, so the main
 * thread calls this before it starts the embedder worker.
 */
export function keepOnnxRuntimeOffline(env: NodeJS.ProcessEnv = process.env): void {
  env.ORT_DISABLE_TELEMETRY = '1'
}
