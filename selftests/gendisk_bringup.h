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
 * Unload the module if an earlier (possibly crashed) test left it loaded.
 * Returns 0, or -1 with a reason in @err.
 */
int gd_bringup_clean(const struct gd_profile *p, char *err, size_t errlen);

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
 * reason in @err when @err is not NULL.  gd_module_unload() alone is the
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
 * kernel-log marker, load the profile into @p and unload the module if an
 * earlier test left it loaded.  Returns 0, or -1 with a reason in @err.
 */
int gd_fixture_begin(struct gd_profile *p, const char *fixture,
		     const char *test, char *err, size_t errlen);

/*
 * gd_fixture_begin(), then gd_bringup_disk() with the profile's PARAMS:
 * the setup of a fixture whose tests start with the disk live.  Returns
 * 0, or -1 with a reason in @err (the module is not left loaded).
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
 * The end of every fixture's teardown: gd_bringup_teardown(), then the
 * "end @fixture.@test" marker.  Returns what gd_bringup_teardown() did.
 */
int gd_fixture_end(const struct gd_profile *p, const char *fixture,
		   const char *test, char *err, size_t errlen);

#endif /* GENDISK_BRINGUP_H */
