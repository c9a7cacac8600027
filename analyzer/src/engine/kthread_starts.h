/*
 * Kernel threads started on a driver's object: kthread_run(fn, data, ...)
 * (and kthread_create*() with a wake_up_process() in the same function)
 * runs fn on data until kthread_stop() of the task.  A call starts such a
 * thread directly, or through a same-file helper that starts one with its
 * parameter k (or a field of it) as data -- transitively, a few levels
 * deep; then the thread's data is within the call's argument k.  Syntax
 * only: which paths of the helper start the thread is not judged (a
 * helper that returns success has started it).
 */
#ifndef GENDISK_LINT_KTHREAD_STARTS_H
#define GENDISK_LINT_KTHREAD_STARTS_H

#include "ast_lowering.h"
#include "ir.h"

#include <stddef.h>

/*
 * Does call (in fn, of the file lf) start a kernel thread?  Writes the
 * path of its data as the caller wrote it (the data argument, or the
 * argument given to the helper, & dropped) into buf, and the helper's
 * name into *via (NULL for a direct start).
 */
int kthread_call_starts(const struct lowered_file *lf, const struct ir_function *fn,
			const struct ir_node *call, char *buf, size_t len, const char **via);

/* Does call stop a kernel thread: kthread_stop(), kthread_stop_put(), or a
 * same-file helper that calls one (transitively)? */
int kthread_call_stops(const struct lowered_file *lf, const struct ir_node *call);

#endif
