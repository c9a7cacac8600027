// SPDX-License-Identifier: GPL-2.0
/*
 * A driver whose per-directory header is not on the include path (as
 * kbuild's ccflags-y -I would put it): the parse loses the header, one
 * function uses what it declared.  gendisk-lint must analyse the file,
 * say it is degraded (1 of 4 functions on a damaged parse, the missing
 * header, the first error) and not claim it is "ok".
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include "gdm_board_regs.h"

static struct gendisk *gdm_disk;

static void gdm_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations gdm_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= gdm_submit_bio,
};

static sector_t gdm_board_sectors(void)
{
	return GDM_BOARD_SECTORS;
}

static int __init gdm_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &gdm_fops;
	strscpy(disk->disk_name, "gdm0", DISK_NAME_LEN);
	set_capacity(disk, gdm_board_sectors());
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	gdm_disk = disk;
	return 0;
}

static void __exit gdm_exit(void)
{
	del_gendisk(gdm_disk);
	put_disk(gdm_disk);
}

module_init(gdm_init);
module_exit(gdm_exit);
MODULE_LICENSE("GPL");
