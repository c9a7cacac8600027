// SPDX-License-Identifier: GPL-2.0
/*
 * The kobj_type of fire-owner-release-no-put.c, written by a macro that
 * pastes the table's and its release's names: this file defines no
 * function, so it is not parsed with the module's other files.
 */
#include "kmod.h"

#define KMOD_KTYPE(name)					\
const struct kobj_type name ## _ktype = {			\
	.release	= name ## _release,			\
}

KMOD_KTYPE(kmod_vol);
