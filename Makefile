# The two commands of the README:
#   make run   installs what is missing, builds, and opens the viewer (FILE=model.glb to open one)
#   make test  installs what is missing, builds, and runs every test headless on lavapipe
BUILD ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)

.PHONY: run test build setup bench format
setup:
	@./scripts/setup.sh

build: setup
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/vitrine $(FILE)

test: build
	./scripts/run-tests.sh $(BUILD)

bench: setup
	cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release
	cmake --build build-bench -j $(JOBS) --target benchmarks

format:
	find app scene anim renderer shaders tests bench -name '*.cpp' -o -name '*.h' | xargs clang-format -i
