// SPDX-License-Identifier: GPL-2.0
/*
 * Near misses of the index-range leak: every unwinding releases at least
 * what the loops allocated.
 *  - a failure in the allocation loop at unit i: "while (i--)" puts
 *    units i-1 .. 0, exactly those allocated;
 *  - a failure between the loops (i is the bound): the same unwinding
 *    puts every unit;
 *  - an add_disk() failure in the second loop: wr_free_all() loops over
 *    all units (summarised as releasing every element).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define WR_UNITS 4

struct wr_unit {
	struct gendisk *disk;
	bool added;
};

static struct wr_unit wr_units[WR_UNITS];
static void *wr_buffer;

static void wr_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations wr_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= wr_submit_bio,
};

static void wr_free_all(void)
{
	int i;

	for (i = 0; i < WR_UNITS; i++) {
		if (!wr_units[i].disk)
			continue;
		if (wr_units[i].added)
			del_gendisk(wr_units[i].disk);
		put_disk(wr_units[i].disk);
		wr_units[i].disk = NULL;
	}
}

static int wr_setup(void)
{
	int i, ret;

	for (i = 0; i < WR_UNITS; i++) {
		wr_units[i].disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
		if (IS_ERR(wr_units[i].disk)) {
			ret = PTR_ERR(wr_units[i].disk);
			wr_units[i].disk = NULL;
			goto err_put;
		}
		wr_units[i].disk->fops = &wr_fops;
		snprintf(wr_units[i].disk->disk_name, DISK_NAME_LEN, "wr%d", i);
	}

	wr_buffer = kzalloc(4096, GFP_KERNEL);
	if (!wr_buffer) {
		ret = -ENOMEM;
		goto err_put;
	}

	for (i = 0; i < WR_UNITS; i++) {
		ret = add_disk(wr_units[i].disk);
		if (ret)
			goto err_all;
		wr_units[i].added = true;
	}
	return 0;

err_all:
	wr_free_all();
	kfree(wr_buffer);
	return ret;

err_put:
	while (i--) {
		put_disk(wr_units[i].disk);
		wr_units[i].disk = NULL;
	}
	return ret;
}

static int __init wr_init(void)
{
	return wr_setup();
}

static void __exit wr_exit(void)
{
	wr_free_all();
	kfree(wr_buffer);
}

module_init(wr_init);
module_exit(wr_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: unwinding loops that release every allocated element
 */
