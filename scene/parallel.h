// The loader's one way to run work in parallel (issues 15 and 16): decoding images, compressed
// buffer views and Draco primitives are independent items of one list. The renderer uses it
// too, for the mip chains of the textures it stages (renderer/device/mip_chain.h): one pool size,
// VITRINE_THREADS, for all the CPU work of opening an asset.
#pragma once

#include <cstddef>
#include <functional>

namespace vitrine::scene {

// Threads parallelFor() uses at most, the calling thread included: the machine's cores
// (std::thread::hardware_concurrency(), at least 1), or VITRINE_THREADS when set (1 = serial).
size_t loaderThreads();

// Runs fn(i) for every i in [0, count), on up to loaderThreads() threads (the calling thread is
// one of them), and returns when all are done. Items are taken in order by whichever thread is
// free; fn must be safe to run concurrently for different i. If some fn(i) throws, the items
// not yet started are skipped and the first exception is rethrown here after every thread has
// stopped.
void parallelFor(size_t count, const std::function<void(size_t)>& fn);

}  // namespace vitrine::scene
