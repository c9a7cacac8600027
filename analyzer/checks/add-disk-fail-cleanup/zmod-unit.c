// SPDX-License-Identifier: GPL-2.0
/*
 * The other file of the module zmod (Kbuild): the destroy helper of a
 * unit removes its disk and frees it.  Not a fixture itself; the summary
 * of zmod_unit_destroy() is what fire-compdb-module-file.c's call gets
 * when it is analysed through a compile_commands.json.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "zmod.h"

void zmod_unit_destroy(struct zmod_unit *unit)
{
	del_gendisk(unit->disk);
	put_disk(unit->disk);
	kfree(unit);
}
