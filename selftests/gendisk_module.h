/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Loading and unloading the driver under test with the finit_module(2) and
 * delete_module(2) system calls, so the tests see the kernel's errno and do
 * not depend on an insmod/rmmod binary in the guest.
 */
#ifndef GENDISK_MODULE_H
#define GENDISK_MODULE_H

#include <stdbool.h>

#include "gendisk_profile.h"

/*
 * Load the profile's module with "PARAMS EXTRA" (EXTRA may be NULL).
 * Returns 0 or a negative errno from open(2) or finit_module(2).
 */
int gd_module_load(const struct gd_profile *p, const char *extra);

/* delete_module(2) with O_NONBLOCK, as rmmod does: 0 or negative errno. */
int gd_module_unload(const struct gd_profile *p);

/*
 * gd_module_unload(), retried for up to 2 s (times the time factor) while
 * it fails with EWOULDBLOCK: for a caller that holds no reference of its
 * own (nothing open), when the driver's asynchronous work may still hold
 * one.  Each wait is printed as a KTAP diagnostic.
 */
int gd_module_unload_settled(const struct gd_profile *p);

/* True while /sys/module/MODULE/initstate exists (a loaded module). */
bool gd_module_loaded(const struct gd_profile *p);

/* /sys/module/MODULE/refcnt, or -1 when unreadable. */
long gd_module_refcnt(const struct gd_profile *p);

/*
 * Wait up to @timeout_ms for @path to exist (@present) or to be gone.
 * Returns true when the wanted state was reached.
 */
bool gd_wait_path(const char *path, bool present, unsigned int timeout_ms);

#endif /* GENDISK_MODULE_H */
