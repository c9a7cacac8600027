// SPDX-License-Identifier: GPL-2.0
/*
 * Correct naming: snprintf with DISK_NAME_LEN and a %s, strscpy with
 * sizeof(disk->disk_name), and sprintf with a format that provably fits
 * ("nbd%d" is at most 14 characters, as in drivers/block/nbd.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *nm_disks[3];
static char *label = "nm";
module_param(label, charp, 0444);

static void nm_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations nm_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= nm_submit_bio,
};

static void nm_name(struct gendisk *disk, int i)
{
	if (i == 0)
		snprintf(disk->disk_name, DISK_NAME_LEN, "%s%d", label, i);
	else if (i == 1)
		strscpy(disk->disk_name, label, sizeof(disk->disk_name));
	else
		sprintf(disk->disk_name, "nbd%d", i);
}

static int nm_add(int i)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &nm_fops;
	nm_name(disk, i);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	nm_disks[i] = disk;
	return 0;
}

static void nm_remove(void)
{
	for (int i = 0; i < 3; i++) {
		if (!nm_disks[i])
			continue;
		del_gendisk(nm_disks[i]);
		put_disk(nm_disks[i]);
	}
}

static int __init nm_init(void)
{
	int err;

	for (int i = 0; i < 3; i++) {
		err = nm_add(i);
		if (err) {
			nm_remove();
			return err;
		}
	}
	return 0;
}

static void __exit nm_exit(void)
{
	nm_remove();
}

module_init(nm_init);
module_exit(nm_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: bounded names, and a sprintf format that fits
 */
