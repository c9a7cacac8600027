/*
 * Function summaries inside one translation unit: a helper that calls
 * add_disk / del_gendisk / put_disk (directly or through other summarised
 * helpers) on a parameter, or on a field path of a parameter, acts as that
 * call at its call sites (brd_free, nbd_dev_remove, loop_remove ...).
 * A summary is computed by running the engine on the helper and reading
 * its states at the exit; the table (summary_table.h) holds them.
 */
#ifndef GENDISK_LINT_SUMMARIES_H
#define GENDISK_LINT_SUMMARIES_H

#include "summary_table.h"

/* A table whose summaries are computed by the typestate engine. */
void summary_table_init(struct summary_table *t, const struct lowered_file *lf,
			const struct lint_target *target);

#endif
