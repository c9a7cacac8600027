/*
 * Shared by put-before-del and use-after-put: a del_gendisk() that meets a
 * disk put_disk() put while it may still have been added.  The states in
 * which that put may have met an added disk: added (or add_disk() not yet
 * tested), or unknown at entry - a remove or exit function that takes the
 * disk from its driver struct.  A del_gendisk() after such a put says the
 * author took the disk for added: put-before-del reports it (at the put),
 * use-after-put leaves it alone.
 */
#ifndef GENDISK_LINT_PUT_WHILE_ADDED_H
#define GENDISK_LINT_PUT_WHILE_ADDED_H

#include "typestate.h"

static inline int put_while_maybe_added(const struct obj_state *st)
{
	return (st->bits & DS_PUT) && (st->put_from & (DS_ENTRY | DS_ADD_PENDING | DS_ADDED));
}

#endif
