// SPDX-License-Identifier: GPL-2.0
/*
 * Module grouping under -p compile_commands.json: the database names this
 * file only, and the helper its failed add_disk() unwinds with lives in
 * zmod-unit.c, which the directory's Kbuild lists in the same composite
 * module (zmod-y).  The helper deletes a disk that was never added; the
 * finding needs its summary, so it shows that the module's other file was
 * found from the Kbuild of the database entry's directory.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "zmod.h"

static struct zmod_unit *zmod_first;

static void zmod_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations zmod_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= zmod_submit_bio,
};

static int __init zmod_init(void)
{
	struct zmod_unit *unit;
	int ret;

	unit = kzalloc(sizeof(*unit), GFP_KERNEL);
	if (!unit)
		return -ENOMEM;
	unit->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(unit->disk)) {
		ret = PTR_ERR(unit->disk);
		kfree(unit);
		return ret;
	}
	unit->disk->fops = &zmod_fops;
	unit->disk->private_data = unit;
	snprintf(unit->disk->disk_name, DISK_NAME_LEN, "zmod%u", unit->index);
	set_capacity(unit->disk, 8192);
	ret = add_disk(unit->disk);
	if (ret) {
		zmod_unit_destroy(unit);
		return ret;
	}
	zmod_first = unit;
	return 0;
}

static void __exit zmod_exit(void)
{
	zmod_unit_destroy(zmod_first);
}

module_init(zmod_init);
module_exit(zmod_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: -p compile_commands.json: a helper of another file of the Kbuild module
 * check-command: d=$(mktemp -d) && printf '[{"directory":"%s","file":"%s","arguments":["cc","-c","%s"]}]\n' "$PWD" "$file" "$file" > "$d/compile_commands.json" && gendisk-lint --rule add-disk-fail-cleanup -p "$d/compile_commands.json" > "$d/out" 2> /dev/null; rc=$?; sed "s|^$PWD/||" "$d/out"; rm -rf "$d"; exit $rc
 *
 * check-output-start
fire-compdb-module-file.c:46:3: warning: del_gendisk() after add_disk() failed: call put_disk() only [add-disk-fail-cleanup]
fire-compdb-module-file.c:44:8: note: add_disk() failed on this path
fire-compdb-module-file.c:34:15: note: 'unit->disk' allocated here
 * check-output-end
 */
