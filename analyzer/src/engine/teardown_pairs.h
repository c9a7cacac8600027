/*
 * Module-wide teardown facts: for each access path of a disk that outlives
 * one function -- a global (gd.disk, a disks[] array) or a field of a
 * driver struct (dev->disk, host->disks[]), named by the struct that
 * declares the field, so dev->disk in probe and d->disk in a kref release
 * are one path -- is it released anywhere in the module?  Every function
 * the summary table holds (the analysed file and the module's other files
 * that were lowered with it) is run through the typestate engine once,
 * the first time a rule asks, and its events are read:
 *
 *   - a put (put_disk(), blk_cleanup_disk(), a summarised helper) of a
 *     disk the function did not allocate on that path releases every path
 *     of the disk's alias group: a teardown, a ->free_disk or kref or
 *     kobject release, a devm action, a work item, a *_free() helper --
 *     wherever it is; the error unwinding of the allocating function (put
 *     of the disk it allocated) is no release of a live disk;
 *   - a put of a parameter that is the disk itself (foo_put_disk(disk))
 *     releases what the function's direct callers pass there;
 *   - two paths of one alias group (dev->disk = disk; card->gd = disk) are
 *     one disk;
 *   - the path is unknown (nothing can be said) when a disk of it is stored
 *     where other code finds it (xa_store(), idr_alloc(), *_set_drvdata(),
 *     a call through a pointer), when a put's disk has no path (taken from
 *     a list or an xarray; a put of a parameter of a function that is used
 *     as a callback), when its struct is declared outside the driver's own
 *     files (another module may reach the field), and when the module has
 *     files that may release a disk and were not lowered
 *     (lowered_file.module_partial).
 *
 * The interface is small on purpose: one question, asked by disk-leak for
 * a teardown that deletes a disk it did not allocate and returns without
 * putting it.
 */
#ifndef GENDISK_LINT_TEARDOWN_PAIRS_H
#define GENDISK_LINT_TEARDOWN_PAIRS_H

#include "ir.h"

struct summary_table;
struct tracked_object;

enum teardown_fate {
	TEARDOWN_UNKNOWN,   /* the facts cannot say (escaped, partial module ...) */
	TEARDOWN_RELEASED,  /* some function of the module puts it */
	TEARDOWN_NEVER_PUT, /* no function of the module puts it, nothing else can */
};

/*
 * What the module does with the disk at obj (a tracked object of fn, as fn
 * writes it).  With TEARDOWN_NEVER_PUT, *allocator names a function of the
 * module that allocates it (NULL if none was seen).
 */
enum teardown_fate teardown_fate(struct summary_table *t, const struct ir_function *fn,
				 const struct tracked_object *obj, const char **allocator);

/* Frees the facts hanging in t (t->teardown), if any. */
void teardown_facts_free(struct summary_table *t);

#endif
