# Building Matador.
#
#   make                  the engine for this machine, as ./matador
#   make EXE=name         the same, written to name (what OpenBench runs)
#   make TAGS=spsa        the same with build tags (spsa: tools/spsa's engine)
#   make release          binaries for every platform in dist/, with SHA256SUMS
#   make VERSION=1.0.0 release
#   make wasm             the engine for browsers, in build/wasm/ (docs/browser.md)
#   make web              the page to play and analyse on, in build/web/
#
# Every build is pure Go (CGO_ENABLED=0, so it needs no C compiler and a
# CC= or CXX= given by OpenBench is ignored) and uses the profile
# cmd/matador/default.pgo. The version (VERSION, else the one in
# internal/engine) and the commit (from git, when the source is a git
# checkout) are stamped into the binary; "matador version" prints them.

EXE     ?= matador
GO      ?= go
VERSION ?=
DIST    ?= dist
WASMDIR ?= build/wasm
WEBDIR  ?= build/web

# The platforms of "make release", as GOOS/GOARCH.
PLATFORMS := linux/amd64 linux/arm64 windows/amd64 darwin/arm64
# and for x86-64 processors of 2015 on (Haswell, Zen), faster: x86-64-v3.
PLATFORMS_V3 := linux/amd64 windows/amd64

export CGO_ENABLED := 0

# The network's AVX2 kernels are Go 1.26's simd/archsimd, built only with
# this experiment (internal/nnue; other platforms and a plain go build run
# its plain-Go kernels, which give the same bits). GOEXPERIMENT=... make
# overrides it.
ifeq ($(origin GOEXPERIMENT),undefined)
export GOEXPERIMENT := simd
endif

COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)
ifneq ($(COMMIT),)
ifneq ($(shell git status --porcelain 2>/dev/null),)
COMMIT := $(COMMIT)-dirty
endif
endif

STAMP := -X matador/internal/engine.Commit=$(COMMIT)
ifneq ($(VERSION),)
STAMP += -X matador/internal/engine.Version=$(VERSION)
endif

PGO := -pgo=cmd/matador/default.pgo

# x86-64-v3 (AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT, MOVBE): Go then uses
# POPCNT, TZCNT and the BMI instructions without a test of the CPU at each
# call, and searches faster (docs/building.md). "make" builds for the
# machine it runs on, so it asks for v3 where Linux's /proc/cpuinfo lists
# those features (LZCNT as abm); elsewhere, or with GOAMD64 given
# (GOAMD64=v1 make), Go's choice stands. A v3 binary refuses to start on
# an older CPU, so "make release" builds both.
ifeq ($(origin GOAMD64),undefined)
AMD64LEVEL := $(shell [ "$$($(GO) env GOARCH 2>/dev/null)" = amd64 ] && \
	[ "$$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | tr ' ' '\n' | \
	grep -cxE 'avx|avx2|bmi1|bmi2|fma|movbe|abm|f16c')" = 8 ] && echo v3)
endif

# A Windows binary needs its .exe (OpenBench adds it too if missing).
ifeq ($(OS),Windows_NT)
ifeq ($(suffix $(EXE)),)
EXE := $(EXE).exe
endif
endif

SHA256SUM := $(shell command -v sha256sum 2>/dev/null || echo shasum -a 256)

.PHONY: all release wasm web clean

# -trimpath here too: the same commit gives the same bytes from any
# checkout directory (a git worktree of an older commit included), which
# tools/ablate's ledger checks across machines.
# TAGS=spsa builds the engine whose search parameters are UCI options
# (tools/spsa).
all:
	$(if $(AMD64LEVEL),GOAMD64=$(AMD64LEVEL) )$(GO) build -trimpath $(PGO) $(if $(TAGS),-tags "$(TAGS)") -ldflags "$(STAMP)" -o $(EXE) ./cmd/matador

# -trimpath keeps the builder's directories out of the binaries; -s -w
# drops the symbol tables (a third of the size; stack traces keep their
# function names).
release:
	rm -rf $(DIST)
	mkdir -p $(DIST)
	$(foreach p,$(PLATFORMS),\
		GOOS=$(word 1,$(subst /, ,$(p))) GOARCH=$(word 2,$(subst /, ,$(p))) \
		$(GO) build -trimpath $(PGO) -ldflags "-s -w $(STAMP)" \
		-o $(DIST)/matador-$(subst /,-,$(p))$(if $(findstring windows,$(p)),.exe) ./cmd/matador &&) true
	$(foreach p,$(PLATFORMS_V3),\
		GOOS=$(word 1,$(subst /, ,$(p))) GOARCH=amd64 GOAMD64=v3 \
		$(GO) build -trimpath $(PGO) -ldflags "-s -w $(STAMP)" \
		-o $(DIST)/matador-$(subst /,-,$(p))-v3$(if $(findstring windows,$(p)),.exe) ./cmd/matador &&) true
	cd $(DIST) && $(SHA256SUM) matador-* > SHA256SUMS
	@cat $(DIST)/SHA256SUMS

# The WebAssembly engine (docs/browser.md): the same program for GOOS=js,
# with the worker script that makes it a Web Worker speaking UCI, and the
# wasm_exec.js of the Go that built it (the two must match, so it is copied
# from that Go, never kept in the repository).
wasm:
	mkdir -p $(WASMDIR)
	GOOS=js GOARCH=wasm $(GO) build -trimpath $(PGO) -ldflags "-s -w $(STAMP)" \
		-o $(WASMDIR)/matador.wasm ./cmd/matador
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/matador.worker.js $(WASMDIR)/
	@ls -l $(WASMDIR)/matador.wasm

# The page: static files only, to open from any static server or to
# publish as they are; nothing is fetched from elsewhere. Its pieces are
# the SVG sprite of the npm package cm-chessboard, installed by "npm ci"
# from web/package-lock.json into web/node_modules (ignored by git), again
# whenever the lock file changes. The Techniques tab's data,
# techniques-data.js, is written here by tools/techpage from the engine's
# switches, the ablation ledger and the code, and is never committed.
NPM ?= npm
WEBDEPS := web/node_modules/.installed

$(WEBDEPS): web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	touch $@

web: wasm $(WEBDEPS)
	mkdir -p $(WEBDIR)
	cp $(WASMDIR)/matador.wasm $(WASMDIR)/wasm_exec.js $(WEBDIR)/
	cp web/*.html web/*.css web/*.js $(WEBDIR)/
	cp web/node_modules/cm-chessboard/assets/pieces/standard.svg $(WEBDIR)/pieces.svg
	$(GO) run ./tools/techpage -out $(WEBDIR)/techniques-data.js
	@echo "the page is in $(WEBDIR)/: serve it, e.g. python3 -m http.server -d $(WEBDIR) 8000"

clean:
	rm -rf $(DIST) $(EXE) $(WASMDIR) $(WEBDIR)
