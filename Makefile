# gendisk-check: static analysis and conformance tests for Linux gendisk drivers.
#
#   make check   the main job: lint, build and run the reference driver
#                on Debian's 6.1 and 6.12 kernels (see README.md)
#   make check DRIVER=dir [KERNELS=...] [PROFILE=file|none] [FAULTS=1] [PREPARE=cmd]   your driver
#   make check KSRC=dir FILES="drivers/block/x.c ..."         in-tree files
#   make port DRIVER=dir [KERNELS=...] [COMPAT=1] [PROFILE=...] [PREPARE=cmd]  port a 5.x driver
#                (check and port: STRICT=1 fails a skipped or degraded stage)
#   make profile DRIVER=dir [KERNEL=6.12] [PARAMS='...']   write a starting
#                profile for your driver and validate it in the VM
#   make test    the project's own tests; ends with "N passed, N failed, ..."
#   make check-seeded   the seeded-bug catch matrix (reference-driver/seeded-bugs)
#   make bench   benchmarks (not a timed test)
#   make deps    install Debian packages and fill the kernel cache
#                (Debian's kernels and sources; not the debug kernel)
#   make debug-kernel   build the 6.12-debug kernel (KASAN, lockdep,
#                kmemleak...) from linux-source-6.12 into the cache;
#                check-seeded and test need it, check does not
#   make tiny-kernel    build a small kernel tree from linux-source-6.12
#                (test checks it as "a kernel tree you built")
#   make install [PREFIX=/usr/local] [DESTDIR=]   gendisk-lint and the
#                gendisk-check command (check, port, profile, deps, review
#                from any directory), their man pages and bash completion,
#                the semantic patches (PREFIX/share/gendisk-check/semantic-patches)
#   make deb     gendisk-check_<version>_amd64.deb (out/deb; debhelper,
#                lintian): what make install PREFIX=/usr installs
#   make check-config KERNELS=path/to/tree [PROFILE=file]   does your
#                kernel have what the VM stages need? (else: a fragment)
#
# Every part keeps its own Makefile; this one only wires them together.

SHELL := /bin/bash
export GENDISK_CHECK_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/gendisk-check
KERNELS ?= 6.1 6.12
export KERNELS

# Debian packages the project needs (Debian 12 names).  RUN_PACKAGES:
# what the checks run (the kernel module builds, sparse, Coccinelle,
# QEMU; libclang 17+ is needed for the operator-kind calls); an installed
# gendisk-check deps checks these (debian/control's Depends and
# Recommends name them too).  The rest builds, tests and packages it
# (llvm-19 brings llvm-config-19).
RUN_PACKAGES := gcc make libc6-dev libclang1-19 \
	coccinelle sparse qemu-system-x86 busybox-static cpio kmod xz-utils \
	dwarves linux-source-6.1 linux-source-6.12 bc flex bison libelf-dev libssl-dev \
	python3 git
DEB_PACKAGES := $(RUN_PACKAGES) clang-19 llvm-19 libclang-19-dev python3-jsonschema \
	debhelper dpkg-dev lintian python3-yaml jq

OUT := $(CURDIR)/out
# The kernel the fault sweeps run on (vm/debug-kernel's).
FAULT_KERNEL := 6.12-debug
# make test runs its parts ("dir" or "dir:target") on two workers at
# once, each taking the next part of the list when it is free.  TEST_FIRST
# (the reference driver's checks, whose sparse pass rebuilds the modules
# the VM parts load) starts first; the parts of TEST_NEEDS_FIRST (they
# load or rebuild those modules) are not started before it has ended,
# and a free worker takes the next part that may start.  The test
# programs, gendisk-lint and the reference driver's modules are built
# before any part starts.
# History: two fixed lanes, balanced by hand.  The last clean-clone run
# with them (1bc376a, 2 cores, warm cache) took 2874 s and 2066 s, 2947
# s in all, 5025 s of CPU, with vm/ alone on one core for its last ~800
# s; each move of a part between lanes had to be measured again.  A
# pool keeps both cores busy until the list runs out, whatever a part
# costs today, so the list is ordered only by what runs long first
# (figures from the empty-cache run at 0465c39: vm 775 s, selftests
# 723 s, seeded-bugs 690 s, the analyzer's sweeps ~600 s, test-faults
# 456 s, Coccinelle 246 s), by what must wait, and so that the parts
# that run two VMs at a time (selftests, seeded-bugs) fall beside a
# part without VMs rather than beside each other.  Each part's line in
# the closing timings carries the CPU seconds (user + system) of its
# processes, from bash's times.
TEST_FIRST := reference-driver
TEST_PARTS := analyzer:test-core vm selftests analyzer:test-sweeps \
	reference-driver/seeded-bugs selftests:test-faults semantic-patches
TEST_NEEDS_FIRST := vm selftests selftests:test-faults reference-driver/seeded-bugs
# the directories of the parts (for clean)
TEST_DIRS := $(sort $(foreach p,$(TEST_FIRST) $(TEST_PARTS),$(firstword $(subst :, ,$(p)))))

.PHONY: install deb deb-packages all deps deps-packages deps-kernels debug-kernel tiny-kernel check check-config port profile check-seeded sweep-kernel-drivers test test-summary bench clean help

all: help

help:
	@sed -n '3,28s/^# \{0,1\}//p' Makefile

# deps is what `make check` uses: packages and Debian's kernels.  The
# debug kernel (10-45 min to build on 2 cores) is a dependency only of
# the targets that boot it: check-seeded, test and debug-kernel itself.
deps: deps-packages deps-kernels

deps-packages:
	@missing=$$(dpkg-query -W -f='$${db:Status-Abbrev} $${Package}\n' $(DEB_PACKAGES) 2>/dev/null | \
		awk '$$1 == "ii" {print $$2}' | sort > $(OUT).pkgs.tmp; \
		for p in $(DEB_PACKAGES); do grep -qx "$$p" $(OUT).pkgs.tmp || echo $$p; done; rm -f $(OUT).pkgs.tmp); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "deps: installing" $$missing; \
			apt-get update -q >/dev/null && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing >/dev/null || \
			{ echo "deps: apt-get install failed" >&2; exit 2; }; \
		else \
			echo "deps: missing Debian packages; run as root:" >&2; \
			echo "  apt-get update && apt-get install -y $$missing" >&2; exit 2; \
		fi; \
	fi

deps-kernels: deps-packages
	@vm/kernel-cache fetch $(KERNELS)
	@vm/kernel-cache source 6.12 >/dev/null
	@vm/kernel-cache source 6.1 >/dev/null

# A no-op once built (cached by the hash of vm/debug-kernel.config and the
# source version); the first build takes 10-45 min on 2 cores and prints
# its progress (elapsed time, files compiled) every 30 s on stderr.
debug-kernel: deps-kernels
	@vm/debug-kernel build >/dev/null

# The same machinery with vm/tiny-kernel.config: tinyconfig plus what the
# VM and the in-tree profiles need, no checkers (a few minutes to build).
# `make test` checks the reference driver and brd against its build tree
# as a user checks against a kernel tree of their own.
tiny-kernel: deps-kernels
	@vm/tiny-kernel build >/dev/null

# What runs outside the checkout: the analyzer (binary, man page, bash
# completion), the semantic patches, for `make coccicheck
# COCCI=PREFIX/share/gendisk-check/semantic-patches/RULE.cocci` in a
# kernel tree, and the gendisk-check command (vm/gendisk-check: check,
# port, profile, deps, review) with what it runs, in LIBDIR laid out as
# the checkout: vm/ (the scripts, vm/run's package, the guest files),
# selftests/ (the built programs, profiles, the host-side tools),
# semantic-patches (a link to the installed ones, with their runner) and
# analyzer/gendisk-lint (a link to the installed binary).  The cache
# stays under $GENDISK_CHECK_CACHE, never PREFIX; gendisk-check writes
# its outputs to OUT (default ./gendisk-check-out).
PREFIX ?= /usr/local
LIBDIR = $(DESTDIR)$(PREFIX)/lib/gendisk-check
SPDIR = $(DESTDIR)$(PREFIX)/share/gendisk-check/semantic-patches
# vm/ files not installed: tests, docs and the checkout's own jobs.
VM_NOT_INSTALLED := Makefile README.md bench doc-figures check-reference \
	gendisk-check gendisk-check.bash-completion
SELFTESTS_INSTALLED := run run-in-guest make-profile judge-results results-report check-report config
install:
	@$(MAKE) --no-print-directory -C analyzer install PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)"
	@$(MAKE) --no-print-directory -s -C selftests all
	@install -d "$(SPDIR)"
	@install -m 644 semantic-patches/*.cocci semantic-patches/port.rules \
		semantic-patches/gendisk_port_compat.h "$(SPDIR)/"
	@install -m 755 semantic-patches/run "$(SPDIR)/run"
	@install -d "$(LIBDIR)/vm/vmrun" "$(LIBDIR)/vm/guest" "$(LIBDIR)/analyzer" \
		"$(LIBDIR)/selftests/build" "$(LIBDIR)/selftests/profiles" "$(LIBDIR)/selftests/modules"
	@for f in vm/* vm/vmrun/*.py vm/guest/*; do \
		[ -f "$$f" ] || continue; \
		case " $(VM_NOT_INSTALLED) " in *" $${f#vm/} "*) continue ;; esac; \
		install -m $$([ -x "$$f" ] && echo 755 || echo 644) "$$f" "$(LIBDIR)/$$f" || exit 1; \
	done
	@for f in $(SELFTESTS_INSTALLED); do \
		install -m $$([ -x "selftests/$$f" ] && echo 755 || echo 644) "selftests/$$f" "$(LIBDIR)/selftests/$$f" || exit 1; \
	done
	@install -m 755 selftests/build/gendisk_* "$(LIBDIR)/selftests/build/"
	@install -m 644 selftests/profiles/*.profile "$(LIBDIR)/selftests/profiles/"
	@install -m 644 selftests/modules/Kbuild selftests/modules/*.c "$(LIBDIR)/selftests/modules/"
	@ln -sfn ../../../bin/gendisk-lint "$(LIBDIR)/analyzer/gendisk-lint"
	@ln -sfn ../../share/gendisk-check/semantic-patches "$(LIBDIR)/semantic-patches"
	@sed -n 's/^VERSION := *//p' analyzer/Makefile > "$(LIBDIR)/VERSION"
	@printf '%s\n' $(RUN_PACKAGES) > "$(LIBDIR)/deb-packages"
	@install -D -m 755 vm/gendisk-check "$(DESTDIR)$(PREFIX)/bin/gendisk-check"
	@install -d "$(DESTDIR)$(PREFIX)/share/man/man1" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions"
	@analyzer/gen-man --command vm/gendisk-check > "$(DESTDIR)$(PREFIX)/share/man/man1/gendisk-check.1"
	@install -m 644 vm/gendisk-check.bash-completion \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions/gendisk-check"

# gendisk-check_<version>_amd64.deb (debian/, debhelper) in out/deb:
# built in a copy of the checkout's files (git's list, with the builds
# already made here, so an up-to-date tree is not built again), its
# changelog written from analyzer/Makefile's VERSION; lintian must find no
# error.  The package holds what make install PREFIX=/usr installs.
DEB_VERSION = $(shell sed -n 's/^VERSION := *//p' analyzer/Makefile)
deb:
	@rm -rf $(OUT)/deb && mkdir -p $(OUT)/deb/src
	@{ git ls-files -co --exclude-standard 2>/dev/null | while read -r f; do [ -e "$$f" ] && echo "$$f"; done; \
		find analyzer/build selftests/build -type f 2>/dev/null; } | \
		tar -cf - -T - | tar -xf - -C $(OUT)/deb/src
	@printf '%s\n' "gendisk-check ($(DEB_VERSION)) unstable; urgency=medium" "" \
		"  * Built by make deb from the checkout." "" \
		" -- gendisk-check developers <gendisk-check@example.org>  $$(date -R)" \
		> $(OUT)/deb/src/debian/changelog
	@cd $(OUT)/deb/src && dpkg-buildpackage -b -us -uc >$(OUT)/deb/build.log 2>&1 || \
		{ tail -n 30 $(OUT)/deb/build.log; echo "deb: dpkg-buildpackage failed (log: $(OUT)/deb/build.log)" >&2; exit 2; }
	@lintian --fail-on error $(OUT)/deb/gendisk-check_$(DEB_VERSION)_amd64.deb >$(OUT)/deb/lintian.log 2>&1 || \
		{ cat $(OUT)/deb/lintian.log; echo "deb: lintian found errors" >&2; exit 2; }
	@echo "$(OUT)/deb/gendisk-check_$(DEB_VERSION)_amd64.deb"

# The Debian packages, one a line (gendisk-check deps in the checkout).
deb-packages:
	@printf '%s\n' $(DEB_PACKAGES)

# KERNELS names kernel trees (paths; cache names work too) and PROFILE
# the profiles whose VM_KCONFIG to add.  Exit 2 when an option is
# missing: the list, and a fragment that adds them, are printed.
check-config:
	@status=0; for k in $(KERNELS); do \
		if [[ $$k == */* ]] || [ -d "$$k" ]; then c=$$k; \
		else c=$$(vm/kernel-cache path "$$k")/root/boot/config-$$(vm/kernel-cache release "$$k") || exit 2; fi; \
		vm/kernel-config-check $(foreach p,$(PROFILE),--profile "$(p)") "$$c" || status=2; \
	done; exit $$status

# Without DRIVER or KSRC: the reference drivers.  vm/check-driver's exit
# status is 0 clean, 1 findings or failed tests, 2 usage/build/tool error;
# make itself exits 2 on any failure, its "Error N" line shows which.
# KERNELS is passed on only when given: in-tree mode defaults to the
# source tree's own version.  STRICT=1 (check and port): a skipped or
# degraded stage (no profile, PROFILE=none, gendisk-lint on a damaged
# parse) fails as a finding does, exit 1 (vm/check-driver --strict).
STRICT_ARG = $(if $(filter-out 0,$(STRICT)),--strict)
# PREPARE=cmd (check and port): the driver's configure step, run in each
# kernel's build copy before the build (vm/check-driver --prepare; the
# driver's gendisk-check.conf may name it as PREPARE=cmd; none: no step).
PREPARE_ARG = $(if $(PREPARE),--prepare '$(subst ','\'',$(PREPARE))')
check: deps
	@mkdir -p $(OUT)
	@if [ -n "$(KSRC)" ] && [ -n "$(DRIVER)" ]; then \
		echo "check: give DRIVER=dir or KSRC=dir FILES=..., not both" >&2; exit 2; \
	elif [ -n "$(FILES)" ] && [ -z "$(KSRC)" ]; then \
		echo "check: FILES= names files of a kernel source tree: give KSRC=dir too" >&2; exit 2; \
	elif [ -n "$(KSRC)" ]; then \
		vm/check-driver --ksrc "$(KSRC)" $(STRICT_ARG) $(if $(filter command line environment,$(origin KERNELS)),--kernels "$(KERNELS)") $(FILES); \
	elif [ -n "$(DRIVER)" ]; then \
		vm/check-driver --kernels "$(KERNELS)" $(STRICT_ARG) $(if $(PROFILE),--profile "$(PROFILE)") $(if $(filter 1,$(FAULTS)),--faults) $(PREPARE_ARG) $(DRIVER); \
	else \
		vm/check-reference $(STRICT_ARG) $(KERNELS); \
	fi

# Port DRIVER to today's block API in a copy (out/port/<name>; IN_PLACE=1
# changes the driver's own tree), then every stage of `make check` on the
# port; COMPAT=1 keeps it building on 6.1 too (vm/port, README.md "Port a
# driver").  Exit status as check.
port: deps
	@[ -n "$(DRIVER)" ] || { echo "port: give DRIVER=path/to/driver" >&2; exit 2; }
	@mkdir -p $(OUT)
	@vm/port --kernels "$(KERNELS)" $(STRICT_ARG) $(if $(filter-out 0,$(COMPAT)),--compat) \
		$(if $(filter-out 0,$(IN_PLACE)),--in-place) $(if $(PROFILE),--profile "$(PROFILE)") $(PREPARE_ARG) $(DRIVER)

# A starting profile for DRIVER (selftests/make-profile): built for
# KERNEL (6.12), its module name and parameters from modinfo, the disks
# one load makes in the VM; written as DRIVER/<module>.profile (or .new
# beside an existing one, never overwriting), then validated by one VM
# run of the selftests.  Exit 0 written and validated, 1 written but
# failing, 2 usage/build error.
profile: deps
	@[ -n "$(DRIVER)" ] || { echo "profile: give DRIVER=path/to/driver" >&2; exit 2; }
	@mkdir -p $(OUT)
	@selftests/make-profile --kernel "$(or $(KERNEL),6.12)" $(if $(PARAMS),--params "$(PARAMS)") $(DRIVER) >/dev/null

# The fail-nth sweeps of the kernel's own block drivers (every profile of
# selftests/profiles/ but the reference drivers'), every call, on the
# debug kernel, one driver after another: a progress line per driver,
# resumable, results in out/sweep-kernel-drivers/<kernel>/<profile>/
# (selftests/sweep-kernel-drivers).  PROFILES= and FRESH=1 as there.
sweep-kernel-drivers: deps debug-kernel
	@$(MAKE) --no-print-directory -C selftests sweep-kernel-drivers

# Every seeded-bug variant of the reference drivers through every stage:
# the matrix variant x stage (out/seeded/matrix.md); `make test` runs it
# as the part reference-driver/seeded-bugs.
check-seeded: deps debug-kernel
	@$(MAKE) --no-print-directory -C reference-driver/seeded-bugs check

# Each part's "make test" prints one line per test case (vm/results.sh):
# "PASS: name", "FAIL: name: why", "SKIP: name: why", "XFAIL: name: why"
# (an expected failure: a known gap, not a pass) or "XPASS: name: why"
# (an expected failure that passed: a failure until its record is
# updated).  Here they are counted -- failed = FAIL + XPASS lines -- by
# vm/results.sh's results_count; a part that fails to run at all counts
# as a failure of its own.
test: deps debug-kernel tiny-kernel
	@mkdir -p $(OUT); : > $(OUT)/test.log; : > $(OUT)/test-times; status=0; t0=$$SECONDS; \
	$(MAKE) --no-print-directory -s -C selftests all >$(OUT)/test-build.log 2>&1 && \
	$(MAKE) --no-print-directory -s -C analyzer gendisk-lint >>$(OUT)/test-build.log 2>&1 && \
	$(MAKE) --no-print-directory -s -C reference-driver modules \
		KERNELS="$(KERNELS) $(FAULT_KERNEL)" >>$(OUT)/test-build.log 2>&1 || \
		{ cat $(OUT)/test-build.log; echo "FAIL: make test: building the selftests, gendisk-lint and the reference driver failed" | tee -a $(OUT)/test.log; status=1; }; \
	run_part() { \
		local dir=$${1%%:*} target=test log; \
		[ "$$dir" = "$$1" ] || target=$${1#*:}; \
		log=$(OUT)/test-$$(echo $$1 | tr /: --).log; \
		local t0=$$SECONDS; \
		( $(MAKE) --no-print-directory -C $$dir $$target; rc=$$?; \
		  times > $$log.cpu; \
		  exit $$rc ) 2>&1 | tee $$log; \
		rc=$${PIPESTATUS[0]}; \
		echo "$$1 $$((SECONDS - t0)) ($$(awk 'NR == 2 { gsub(/[ms]/, " "); \
			printf "%d", $$1 * 60 + $$2 + $$3 * 60 + $$4 }' $$log.cpu 2>/dev/null) cpu)" >> $(OUT)/test-times; \
		rm -f $$log.cpu; \
		if [ $$rc -ne 0 ] && ! grep -q -E '^(FAIL|XPASS): ' $$log; then \
			echo "FAIL: $$1: make $$target exited $$rc" | tee -a $$log; fi; \
		return $$rc; \
	}; \
	q=$(OUT)/test-queue; printf '%s\n' $(TEST_PARTS) > $$q; rm -f $$q.first-done; \
	needs_first() { case " $(TEST_NEEDS_FIRST) " in *" $$1 "*) return 0 ;; esac; return 1; }; \
	next_part() { \
		flock 9; local p; \
		while read -r p; do \
			if [ -e $$q.first-done ] || ! needs_first "$$p"; then \
				grep -v -x -F -e "$$p" $$q > $$q.tmp; mv $$q.tmp $$q; echo "$$p"; return 0; fi; \
		done < $$q; \
		[ -s $$q ] && echo wait; \
	} 9> $$q.lock; \
	worker() { \
		local rc=0 p; \
		if [ -n "$$1" ]; then \
			echo "=== $$1: started"; run_part $$1 >/dev/null || rc=1; \
			echo "=== $$1: ended, $$(grep "^$$1 " $(OUT)/test-times | cut -d' ' -f2-)"; : > $$q.first-done; fi; \
		while p=$$(next_part); [ -n "$$p" ]; do \
			if [ "$$p" = wait ]; then sleep 5; continue; fi; \
			echo "=== $$p: started"; run_part $$p >/dev/null || rc=1; \
			echo "=== $$p: ended, $$(grep "^$$p " $(OUT)/test-times | cut -d' ' -f2-)"; \
		done; \
		return $$rc; \
	}; \
	worker $(TEST_FIRST) & w1=$$!; worker "" & w2=$$!; \
	wait $$w1 || status=1; wait $$w2 || status=1; rm -f $$q $$q.lock $$q.first-done; \
	for part in $(TEST_FIRST) $(TEST_PARTS); do \
		echo "=== $$part"; \
		cat $(OUT)/test-$$(echo $$part | tr /: --).log | tee -a $(OUT)/test.log; \
	done; \
	echo; echo "wall time of each part in seconds (with the CPU seconds, user + system, of its processes), in the order they ended (two at a time): $$(tr '\n' ' ' < $(OUT)/test-times)total $$((SECONDS - t0))"; \
	log=$(OUT)/test.log; $(SUMMARY); [ $$f -eq 0 ] && [ $$status -eq 0 ]

# The closing lines of `make test` for the result lines in $$log: the
# failures again, "N expected failures (XFAIL)", "N passed, N failed, N
# skipped"; leaves the failure count in $$f.  `make test-summary LOG=file`
# prints them for any log (and exits 1 on a FAIL or XPASS line).
SUMMARY = . vm/results.sh; read -r p f s x < <(results_count "$$log"); \
	echo; grep -E '^(FAIL|XPASS): ' "$$log" || true; \
	echo "$$x expected failures (XFAIL)"; \
	echo "$$p passed, $$f failed, $$s skipped"
test-summary:
	@log="$(LOG)"; $(SUMMARY); [ $$f -eq 0 ]

bench: deps
	@for part in analyzer semantic-patches vm; do $(MAKE) --no-print-directory -C $$part bench || exit 1; done

clean:
	@for dir in $(TEST_DIRS); do $(MAKE) --no-print-directory -C $$dir clean; done
	rm -rf $(OUT)
