// SPDX-License-Identifier: GPL-2.0
/*
 * Exit walks host->disks[i] and deletes + puts each one once; the loop
 * body runs several times, each time on a different disk.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define LD_UNITS 3

struct ld_host {
	struct gendisk *disks[LD_UNITS];
};

static struct ld_host *ld_host;

static void ld_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ld_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ld_submit_bio,
};

static void ld_remove_all(struct ld_host *host, int nr)
{
	int i;

	for (i = 0; i < nr; i++) {
		del_gendisk(host->disks[i]);
		put_disk(host->disks[i]);
	}
}

static int ld_add_one(struct ld_host *host, int i)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ld_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "ld%d", i);
	set_capacity(disk, 1024);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	host->disks[i] = disk;
	return 0;
}

static int __init ld_init(void)
{
	struct ld_host *host;
	int i, err;

	host = kzalloc(sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;
	for (i = 0; i < LD_UNITS; i++) {
		err = ld_add_one(host, i);
		if (err) {
			ld_remove_all(host, i);
			kfree(host);
			return err;
		}
	}
	ld_host = host;
	return 0;
}

static void __exit ld_exit(void)
{
	int i;

	for (i = 0; i < LD_UNITS; i++)
		del_gendisk(ld_host->disks[i]);
	for (i = 0; i < LD_UNITS; i++)
		put_disk(ld_host->disks[i]);
	kfree(ld_host);
}

module_init(ld_init);
module_exit(ld_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del_gendisk(host->disks[i]) once per unit in loops
 */
