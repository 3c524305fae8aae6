# The README's two commands: `make run` and `make test`. Both start from a
# fresh clone: npm packages and Go modules are installed on the way.

GO       ?= go
BIN      := bin/courtier
ADDR     ?= 127.0.0.1:8080
DB       ?= ./data/courtier.db
SITE_SRC := $(shell find site/src site/public -type f 2>/dev/null) site/index.html site/routes.json \
            site/vite.config.ts site/tsconfig.json pkg/company/company.json scripts/precompress.mjs \
            scripts/prerender.mjs scripts/check-preload.mjs scripts/check-layers.mjs
GO_SRC   := $(shell find cmd pkg site -name '*.go' -not -path 'site/node_modules/*' 2>/dev/null) go.mod go.sum

# What `courtier version` prints, given to the linker (-X): Go's own VCS
# stamp is missing when GOFLAGS holds -buildvcs=false, in a git worktree,
# and when git refuses a checkout owned by another user (safe.directory,
# as in CI containers), where it even fails the build; so the build turns
# it off and asks git itself, trusting this one checkout.
GIT      := git -c safe.directory='$(CURDIR)'
COMMIT   := $(shell $(GIT) rev-parse --short=12 HEAD 2>/dev/null)
MODIFIED := $(shell $(GIT) status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo true)
LDFLAGS  := -X courtier/pkg/cli.commit=$(COMMIT) -X courtier/pkg/cli.modified=$(MODIFIED) \
            -X courtier/pkg/cli.buildTime=$(shell date -u +%Y-%m-%dT%H:%M:%SZ)

.PHONY: run build test test-all test-go test-go-sqlite test-go-pg test-site test-e2e test-e2e-pg vet bench deps clean FORCE

run: build
	./$(BIN) serve --addr $(ADDR) --db $(DB)

build: $(BIN)

$(BIN): site/dist/index.html $(GO_SRC) bin/.commit
	$(GO) build -tags embedsite -buildvcs=false -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/courtier

# Rewritten only when the commit or its modified state changes, so a new
# commit rebuilds the binary even when no Go file changed.
bin/.commit: FORCE
	@mkdir -p bin
	@echo '$(COMMIT) $(MODIFIED)' | cmp -s - $@ || echo '$(COMMIT) $(MODIFIED)' > $@

site/node_modules/.installed: site/package.json site/package-lock.json
	cd site && npm ci --no-audit --no-fund
	touch $@

site/dist/index.html: site/node_modules/.installed $(SITE_SRC)
	cd site && npm run build

deps: site/node_modules/.installed
	$(GO) mod download

# Both engines: COURTIER_TEST_POSTGRES names the PostgreSQL of the tests,
# or scripts/with-postgres.sh starts a throwaway cluster for the run (and
# says so in one line when PostgreSQL is not installed: SQLite alone then).
test:
	scripts/with-postgres.sh $(MAKE) test-all

# Two stages, each phase's time printed. The Go suites on both engines,
# the site's checks and the build run side by side: each alone leaves a
# core idle for minutes (test-go-sqlite alone: 275 s of wall time for
# 475 s of CPU, 2026-11-28), together they keep both busy.
# The browser tests then have the machine to themselves: they fill both
# cores, and their waits are for pages, not for other suites.
# --output-sync keeps each phase's output in one piece.
test-all: vet
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory -j4 --output-sync=target test-go-sqlite test-go-pg test-site build && \
	echo "test: Go (SQLite, PostgreSQL), site checks and build took $$(( $$(date +%s) - start )) s" && \
	start=$$(date +%s) && $(MAKE) --no-print-directory test-e2e && \
	echo "test: browser tests took $$(( $$(date +%s) - start )) s"

vet:
	$(GO) vet ./...

test-go: test-go-sqlite test-go-pg

# pkg/web alone runs for minutes under -race on two shared cores: go
# test's 10-minute default per package killed it once when the machine
# was busy (2026-11-27), so each package gets 25 minutes.
#
# The race detector looks for races in our code and in the Go of the
# drivers (modernc.org/sqlite itself stays instrumented), not inside the
# SQLite engine: that is C translated to Go (modernc.org/sqlite/lib, its
# libc and allocator), whose every memory access it would otherwise track.
# Left out, pkg/web's tests cost 42 % less CPU (21.4 → 12.4 s on seven of
# them, 2026-11-28); a race in our own packages is still reported.
RACE_SKIP := -gcflags=modernc.org/sqlite/lib=-race=false -gcflags=modernc.org/libc/...=-race=false \
             -gcflags=modernc.org/memory=-race=false
GOTEST := $(GO) test -race $(RACE_SKIP) -count=1 -timeout 25m

# pkg/web, the longest by far, goes first: last, it ran minutes alone on
# one core while the other waited.
GO_PKGS = ./pkg/web/ $$($(GO) list ./... | grep -v '/pkg/web$$')

test-go-sqlite:
	COURTIER_TEST_POSTGRES= $(GOTEST) $(GO_PKGS)
	COURTIER_TEST_POSTGRES= $(GO) test -count=1 -run LongHistory ./pkg/privacy/  # the 200,000-message export, too slow under -race

# On PostgreSQL the whole suite runs again; the race detector (which
# makes pkg/web six times slower) watches the packages whose concurrency
# is the engine's own: LISTEN/NOTIFY, the session cache's listener, the
# writers' lock, two instances. The rest is the same Go code the SQLite
# run checks under -race.
PG_RACE := ./pkg/store/ ./pkg/app/ ./pkg/chat/ ./pkg/account/

test-go-pg:
	@if [ -z "$$COURTIER_TEST_POSTGRES" ]; then \
		echo "test-go-pg: no PostgreSQL (COURTIER_TEST_POSTGRES unset): the Go suite ran on SQLite alone"; \
	else \
		$(GO) test -count=1 -timeout 25m $$(echo $(GO_PKGS) | tr ' ' '\n' | grep -v -e '/pkg/store$$' -e '/pkg/app$$' -e '/pkg/chat$$' -e '/pkg/account$$') && \
		$(GOTEST) $(PG_RACE); \
	fi

test-site: site/node_modules/.installed
	cd site && npm run typecheck && npm test

# Every browser test in one run, two files at a time: the SQLite ones
# (COURTIER_E2E_POSTGRES emptied), then in the same run those of
# scripts/e2e/postgres/ on the PostgreSQL of make test (the broker's day,
# the live chat and a move from SQLite by db copy, two instances behind a
# round-robin proxy: scripts/e2e/balancer.mjs), skipped without one. In
# one run they fill the cores where the SQLite files alone left one idle.
test-e2e: build
	cd site && COURTIER_E2E_POSTGRES= npm run e2e

# The PostgreSQL ones alone.
test-e2e-pg: build
	cd site && node --test --test-concurrency=2 ../scripts/e2e/postgres/

bench: build
	$(GO) test -run '^$$' -bench . -benchtime 1s -count 6 ./pkg/web/ ./pkg/account/ ./pkg/chatbot/ ./pkg/ratelimit/ ./pkg/company/ | tee bench.txt
	node scripts/js-weight.mjs

clean:
	rm -rf bin site/dist
