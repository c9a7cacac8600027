// SPDX-License-Identifier: GPL-2.0
/*
 * disk-name-overflow: names whose longest form does not fit in 31
 * characters: a "%08x" and a "%u" after a 25-character text (37), a
 * "%lu" after 13 characters (33), a 34-character literal and a macro of
 * the file that is one (33), and a "%s" of a literal (unbounded: only
 * the format's own length is known).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define FXL_NAME	"fxl_vendor_storage_controller_lun"

static struct gendisk *fxl_disk;
static int mode;
module_param(mode, int, 0444);

static void fxl_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fxl_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fxl_submit_bio,
};

static void fxl_name(struct gendisk *disk, unsigned long id)
{
	switch (mode) {
	case 0:
		sprintf(disk->disk_name, "fxl_controller_%08x_lun%u", (u32)id, mode);
		break;
	case 1:
		sprintf(disk->disk_name, "fxl_channel_a" "%lu", id);
		break;
	case 2:
		strcpy(disk->disk_name, "fxl_vendor_storage_controller_lun0");
		break;
	case 3:
		strcpy(disk->disk_name, FXL_NAME);
		break;
	default:
		sprintf(disk->disk_name, "%s", "fxl");
		break;
	}
}

static int __init fxl_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fxl_fops;
	fxl_name(disk, 0);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	fxl_disk = disk;
	return 0;
}

static void __exit fxl_exit(void)
{
	del_gendisk(fxl_disk);
	put_disk(fxl_disk);
}

module_init(fxl_init);
module_exit(fxl_exit);

MODULE_LICENSE("GPL");
