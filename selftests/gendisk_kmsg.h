/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Markers in the kernel log around each test, as blktests writes them:
 * "gdc-test: begin NAME" and "gdc-test: end NAME" go to /dev/kmsg, so a
 * kernel report between them is blamed on test NAME (vm/splat-scan
 * --by-test), not on the whole run.
 */
#ifndef GENDISK_KMSG_H
#define GENDISK_KMSG_H

/*
 * Write "gdc-test: @event @fixture.@test" to /dev/kmsg.  @event is
 * "begin" or "end".  Best effort: a kernel without /dev/kmsg only loses
 * the attribution.
 */
void gd_kmsg_mark(const char *event, const char *fixture, const char *test);

#endif /* GENDISK_KMSG_H */
