/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known reports of the kernel itself (vm/known-kernel-reports, copied
 * next to the test programs): a kernel report that fault injection
 * reaches through kernel code the driver only called, shown with its
 * reason and never held against the driver.  The host's
 * vm/vmrun/known_reports.py reads the same file: one list for both.
 */
#ifndef GENDISK_KNOWN_REPORTS_H
#define GENDISK_KNOWN_REPORTS_H

#include <stddef.h>

/*
 * Read the records of @path (NULL: known-kernel-reports in the directory
 * of this program).  0, or -errno with the reason in @err: -EINVAL for a
 * malformed record (the line), the open's error for an unreadable file.
 * Without a successful load no report is known.
 */
int gd_known_load(const char *path, char *err, size_t errlen);

/*
 * The reason of the known report whose lines (newline-separated) are
 * @report, met after the fault-injection stack dump @fault (its lines,
 * "" if none), or NULL.
 */
const char *gd_known_match(const char *report, const char *fault);

#endif /* GENDISK_KNOWN_REPORTS_H */
