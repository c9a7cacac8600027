// SPDX-License-Identifier: GPL-2.0
/*
 * A third file of the module xmod (Kbuild) that defines a helper
 * fire-helper-in-module-file.c calls, unrelated to the disk's lifecycle:
 * it is not worth a parse, and the -v note of the fixture must not name
 * it.  The words put_disk( and del_gendisk( in this comment, and the
 * string below, do not make it one.
 */
#include <linux/module.h>
#include "xmod.h"

static const char xmod_stats_banner[] = "no put_disk(disk) here";

int xmod_stats_init(struct xmod_dev *dev)
{
	dev->id = sizeof(xmod_stats_banner);
	return 0;
}
