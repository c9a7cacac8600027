// SPDX-License-Identifier: GPL-2.0
/*
 * The kobj_type of ok-owner-release-puts-elsewhere.c, written by a macro that
 * pastes the table's and its release's names: this file defines no
 * function, so it is not parsed with the module's other files.
 */
#include "pmod.h"

#define PMOD_KTYPE(name)					\
const struct kobj_type name ## _ktype = {			\
	.release	= name ## _release,			\
}

PMOD_KTYPE(pmod_vol);
