# The two commands of the README:
#   make run   installs what is missing, builds, and opens the viewer (FILE=model.glb to open one)
#   make test  installs what is missing, builds, and runs every test headless on lavapipe
BUILD ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)

.PHONY: run test build setup bench format sanitize fuzz
setup:
	@./scripts/setup.sh

build: setup
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/vitrine $(FILE)

test: build
	./scripts/run-tests.sh $(BUILD)

# CI's later stages (.ci/run): the CPU libraries' tests under ASan + UBSan, then every fuzz target
# for FUZZ_SECONDS each (45 by default), both in build-sanitize (clang).
sanitize: setup
	JOBS=$(JOBS) ./scripts/ci-sanitize.sh build-sanitize

fuzz: setup
	JOBS=$(JOBS) ./scripts/ci-fuzz.sh build-sanitize $(FUZZ_SECONDS)

bench: setup
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release
	cmake --build build-bench -j $(JOBS) --target benchmarks

format:
	find codecs scene gltf load anim renderer app shaders tests bench fuzz -name '*.cpp' -o -name '*.h' | xargs clang-format -i
