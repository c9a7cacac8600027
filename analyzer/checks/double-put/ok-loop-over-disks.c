// SPDX-License-Identifier: GPL-2.0
/*
 * floppy-like exit and init unwind (drivers/block/floppy.c): a loop puts
 * host->disks[i] for every unit; each iteration puts a different disk.
 * The setup is a helper of the init function (a failed init after a
 * successful add_disk() would be fail-after-add, another rule).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define LP_UNITS 4

struct lp_host {
	struct gendisk *disks[LP_UNITS];
	int nr_added;
};

static struct lp_host *lp_host;

static void lp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations lp_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= lp_submit_bio,
};

static void lp_put_all(struct lp_host *host)
{
	int i;

	for (i = 0; i < LP_UNITS; i++) {
		if (!host->disks[i])
			break;
		if (i < host->nr_added)
			del_gendisk(host->disks[i]);
		put_disk(host->disks[i]);
	}
}

static int lp_setup(void)
{
	struct lp_host *host;
	int i, err;

	host = kzalloc(sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;

	for (i = 0; i < LP_UNITS; i++) {
		host->disks[i] = blk_alloc_disk(NULL, NUMA_NO_NODE);
		if (IS_ERR(host->disks[i])) {
			err = PTR_ERR(host->disks[i]);
			host->disks[i] = NULL;
			goto out_put;
		}
		host->disks[i]->fops = &lp_fops;
		snprintf(host->disks[i]->disk_name, DISK_NAME_LEN, "lp%d", i);
		set_capacity(host->disks[i], 2880);
	}
	for (i = 0; i < LP_UNITS; i++) {
		err = add_disk(host->disks[i]);
		if (err)
			goto out_put;
		host->nr_added++;
	}
	lp_host = host;
	return 0;

out_put:
	lp_put_all(host);
	kfree(host);
	return err;
}

static int __init lp_init(void)
{
	return lp_setup();
}

static void __exit lp_exit(void)
{
	int i;

	for (i = 0; i < LP_UNITS; i++) {
		del_gendisk(lp_host->disks[i]);
		put_disk(lp_host->disks[i]);
	}
	kfree(lp_host);
}

module_init(lp_init);
module_exit(lp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: put_disk(host->disks[i]) in loops
 */
