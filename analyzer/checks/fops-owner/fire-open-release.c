// SPDX-License-Identifier: GPL-2.0
/*
 * fops with open/release/getgeo but no .owner: the open count is kept by
 * the driver, yet nothing stops the module from being unloaded under an
 * open file descriptor.  Two fops tables: only the one without .owner is
 * reported (the driver has a second, read-only variant that is correct).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/hdreg.h>

static struct gendisk *oc_disk;
static int oc_users;

static void oc_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static int oc_open(struct gendisk *disk, blk_mode_t mode)
{
	oc_users++;
	return 0;
}

static void oc_release(struct gendisk *disk)
{
	oc_users--;
}

static int oc_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	geo->heads = 4;
	geo->sectors = 16;
	geo->cylinders = get_capacity(bdev->bd_disk) >> 6;
	return 0;
}

static const struct block_device_operations oc_fops = {
	.submit_bio	= oc_submit_bio,
	.open		= oc_open,
	.release	= oc_release,
	.getgeo		= oc_getgeo,
};

static const struct block_device_operations oc_ro_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= oc_submit_bio,
};

static bool read_only;
module_param(read_only, bool, 0444);

static int __init oc_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = read_only ? &oc_ro_fops : &oc_fops;
	strscpy(disk->disk_name, "oc0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	oc_disk = disk;
	return 0;
}

static void __exit oc_exit(void)
{
	del_gendisk(oc_disk);
	put_disk(oc_disk);
}

module_init(oc_init);
module_exit(oc_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: fops with open/release but without .owner
 *
 * check-output-start
fire-open-release.c:39:45: warning: 'oc_fops' has no .owner = THIS_MODULE: the module can be unloaded while the disk is open [fops-owner]
 * check-output-end
 */
