// SPDX-License-Identifier: GPL-2.0
/*
 * A multi-unit controller (floppy/ataflop-like probe loop over
 * host->disks[i]) that registers every unit's disk in a second loop and
 * ignores add_disk()'s result for each one.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define MU_UNITS 4

struct mu_host {
	struct gendisk *disks[MU_UNITS];
	int nr_disks;
};

static struct mu_host *mu_host;

static void mu_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations mu_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= mu_submit_bio,
};

static int __init mu_init(void)
{
	struct mu_host *host;
	int i;

	host = kzalloc(sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;

	for (i = 0; i < MU_UNITS; i++) {
		struct gendisk *disk = blk_alloc_disk(NULL, NUMA_NO_NODE);

		if (IS_ERR(disk))
			break;
		disk->fops = &mu_fops;
		disk->private_data = host;
		snprintf(disk->disk_name, DISK_NAME_LEN, "mu%d", i);
		set_capacity(disk, 2880);
		host->disks[i] = disk;
		host->nr_disks++;
	}
	if (!host->nr_disks) {
		kfree(host);
		return -ENOMEM;
	}

	for (i = 0; i < host->nr_disks; i++)
		add_disk(host->disks[i]);

	mu_host = host;
	return 0;
}

static void __exit mu_exit(void)
{
	int i;

	for (i = 0; i < mu_host->nr_disks; i++) {
		del_gendisk(mu_host->disks[i]);
		put_disk(mu_host->disks[i]);
	}
	kfree(mu_host);
}

module_init(mu_init);
module_exit(mu_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: add_disk() result ignored in a loop over host->disks[i]
 *
 * check-output-start
fire-loop-disks.c:57:3: warning: return value of add_disk() is ignored [add-disk-unchecked]
 * check-output-end
 */
