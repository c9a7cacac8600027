/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bringing the driver under test to a known state: loaded with its disk
 * visible, or unloaded with nothing left behind.  Shared by the fixtures.
 */
#ifndef GENDISK_BRINGUP_H
#define GENDISK_BRINGUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gendisk_profile.h"

/* How long a disk may take to appear after the module loaded. */
#define GD_APPEAR_TIMEOUT_MS 5000

/*
 * Run a profile's shell command @cmd (SETUP, TEARDOWN, RESIZE, ...) with
 * sh, its output kept out of the KTAP stream.  An empty @cmd does
 * nothing.  Returns 0, or -1 with "@what '@cmd' failed: first output
 * line" in @err.
 */
int gd_run_hook(const char *what, const char *cmd, char *err, size_t errlen);

/*
 * What gd_fixture_begin() and gd_fixture_bringup() return when something
 * an earlier test created is still there and cannot be cleaned: the
 * fixture SKIPs with @err, naming it and the test that left it, instead
 * of failing every later test on "File exists":
 *
 *	if (ret == GD_LEFTOVER)
 *		SKIP(return, "%s", err);
 *	ASSERT_EQ(0, ret) TH_LOG("%s", err);
 */
#define GD_LEFTOVER 1

/*
 * Bring the system back to "nothing of the driver": unload the module if
 * an earlier (possibly crashed) test left it loaded; then, if a disk or
 * node of the driver is still there, run TEARDOWN once and look again.
 * @prev names the test that ran before (NULL or "" when none did).
 * Returns 0; GD_LEFTOVER with "a disk from an earlier test is still
 * present: ... (left behind by @prev)" (or the module that does not
 * unload) in @err; or -1 when something was there before any test ran.
 */
int gd_bringup_clean(const struct gd_profile *p, const char *prev,
		     char *err, size_t errlen);

/*
 * The name of the last test that began with nothing of the driver left
 * ("fixture.test"), kept in $TMPDIR (default /tmp)/gendisk-last-test
 * across the programs of a run.  gd_last_test() reads it into @out (""
 * when none); gd_set_last_test() replaces it.
 */
void gd_last_test(char *out, size_t len);
void gd_set_last_test(const char *fixture, const char *test);

/*
 * Load with "PARAMS EXTRA", run the profile's SETUP (if any; e.g. set a
 * size or bind a backing file) and wait for /sys/block/DISK and the device
 * node.  On failure the module is unloaded again and -1 is returned with
 * a reason in @err.
 */
int gd_bringup_disk(const struct gd_profile *p, const char *extra,
		    char *err, size_t errlen);

/*
 * Run the profile's TEARDOWN (if any; e.g. detach a loop device) and
 * unload the module: 0 or a negative errno from delete_module(2), with a
 * reason in @err when @err is not NULL (a module busy with its own work
 * is waited for: gd_module_unload_settled()).  gd_module_unload() alone is the
 * bare system call (for "unload while open" and the fault tests).
 */
int gd_bringup_remove(const struct gd_profile *p, char *err, size_t errlen);

/*
 * True when nothing of the driver is left: module not loaded, no
 * /sys/block/PREFIXn, no DEV node.  Otherwise false with what remains
 * described in @why.
 */
bool gd_bringup_nothing_left(const struct gd_profile *p, char *why,
			     size_t whylen);

/*
 * The fixtures' teardown: unload the module if it is loaded, then require
 * that nothing is left (a module exit that forgets a disk shows here).
 * Returns 0, or -1 with a reason in @err.
 */
int gd_bringup_teardown(const struct gd_profile *p, char *err, size_t errlen);

/*
 * The start of every fixture's setup: write the "begin @fixture.@test"
 * kernel-log marker, load the profile into @p and clean up what an
 * earlier test left (gd_bringup_clean()).  Returns 0, -1 with a reason in
 * @err, or GD_LEFTOVER (the "end" marker is then written: the fixture
 * SKIPs, its teardown does not run).
 */
int gd_fixture_begin(struct gd_profile *p, const char *fixture,
		     const char *test, char *err, size_t errlen);

/*
 * gd_fixture_begin(), then gd_bringup_disk() with the profile's PARAMS:
 * the setup of a fixture whose tests start with the disk live.  Returns
 * 0, -1 with a reason in @err (the module is not left loaded) or
 * GD_LEFTOVER as gd_fixture_begin().
 */
int gd_fixture_bringup(struct gd_profile *p, const char *fixture,
		       const char *test, char *err, size_t errlen);

/*
 * The live disk's size in bytes and logical block size, from sysfs.  When
 * either cannot be read or is 0, the module is unloaded (the fixture's
 * teardown does not run after a failed setup) and -1 is returned with a
 * reason in @err.
 */
int gd_fixture_geometry(const struct gd_profile *p, uint64_t *bytes,
			uint64_t *lbs, char *err, size_t errlen);

/*
 * A fixture whose tests need a disk of at least @need bytes (@what: e.g.
 * "gendisk_ioctl"), after gd_fixture_geometry() gave @size: 0 when the
 * disk is large enough; otherwise the module is unloaded, the "end"
 * marker of @fixture.@test written and 1 returned with "DISK is N bytes
 * (X KiB); @what needs at least @need (Y KiB): ..." in @err, for SKIP.
 */
int gd_fixture_min_size(const struct gd_profile *p, uint64_t size,
			uint64_t need, const char *fixture, const char *test,
			const char *what, char *err, size_t errlen);

/* "@size bytes (N MiB)" or "(N KiB)" for the messages above. */
void gd_format_bytes(uint64_t size, char *out, size_t len);

/*
 * The end of every fixture's teardown: gd_bringup_teardown(), then the
 * "end @fixture.@test" marker.  Returns what gd_bringup_teardown() did.
 */
int gd_fixture_end(const struct gd_profile *p, const char *fixture,
		   const char *test, char *err, size_t errlen);

#endif /* GENDISK_BRINGUP_H */
