// SPDX-License-Identifier: GPL-2.0
/*
 * disk-name-overflow near miss: names that provably fit in 31 characters,
 * as most drivers write them: "fxk%lu" (23), "fd%d_type%d" (29), a "%d"
 * of a small constant, a format with no conversion, a "%.8s", a literal
 * and a macro of the file that is one strcpy'd, and a copy from the
 * driver's own char disk_name[DISK_NAME_LEN].
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define FXK_NAME	"xvd"

struct fxk_dev {
	struct gendisk *disk;
	char disk_name[DISK_NAME_LEN];
};

static struct fxk_dev fxk;
static int mode;
module_param(mode, int, 0444);
static char *label = "fxk";
module_param(label, charp, 0444);

static void fxk_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fxk_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fxk_submit_bio,
};

static void fxk_name(struct gendisk *disk, unsigned long id)
{
	switch (mode) {
	case 0:
		sprintf(disk->disk_name, "fxk%lu", id);
		break;
	case 1:
		sprintf(disk->disk_name, "fd%d_type%d", (int)id, mode);
		break;
	case 2:
		sprintf(disk->disk_name, "fxk%d", 0);
		break;
	case 3:
		sprintf(disk->disk_name, "fxk");
		break;
	case 4:
		sprintf(disk->disk_name, "fxk_%.8s", label);
		break;
	case 5:
		strcpy(disk->disk_name, "fxk_ram");
		break;
	case 6:
		strcpy(disk->disk_name, FXK_NAME);
		break;
	default:
		strcpy(fxk.disk_name, "fxk0");
		strcpy(disk->disk_name, fxk.disk_name);
		break;
	}
}

static int __init fxk_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &fxk_fops;
	fxk_name(disk, 0);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	fxk.disk = disk;
	return 0;
}

static void __exit fxk_exit(void)
{
	del_gendisk(fxk.disk);
	put_disk(fxk.disk);
}

module_init(fxk_init);
module_exit(fxk_exit);

MODULE_LICENSE("GPL");
