// The machine's memory bandwidth, measured in the same run as the engine benchmarks so that
// their "floor" counters compare against this machine at this moment.
#pragma once

namespace vitrine::bench {

// Bytes per second moved (read + written) by memcpy of a 1 GiB buffer, best of 5 copies.
// Measured once, on first use.
double memcpyTrafficBytesPerSecond();

}  // namespace vitrine::bench
