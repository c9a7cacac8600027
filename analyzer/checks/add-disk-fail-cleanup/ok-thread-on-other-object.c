// SPDX-License-Identifier: GPL-2.0
/*
 * One scrubber thread serves every unit: it runs on the module-wide
 * scrub state, started before the first unit and stopped at exit.  When
 * a unit's add_disk() fails, the unit is freed -- the thread holds the
 * shared state, not the unit.
 */
#include <linux/blkdev.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>

struct scrub_state {
	struct task_struct *task;
	unsigned long passes;
};

struct sunit {
	struct gendisk *disk;
	int id;
};

static struct scrub_state scrub;
static struct sunit *the_unit;

static int scrub_fn(void *data)
{
	struct scrub_state *s = data;

	while (!kthread_should_stop()) {
		s->passes++;
		msleep_interruptible(1000);
	}
	return 0;
}

static void sunit_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations sunit_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= sunit_submit_bio,
};

static int __init sunit_init(void)
{
	struct sunit *u;
	int ret;

	scrub.task = kthread_run(scrub_fn, &scrub, "sunit-scrub");
	if (IS_ERR(scrub.task))
		return PTR_ERR(scrub.task);

	ret = -ENOMEM;
	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		goto out_scrub;
	u->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(u->disk)) {
		ret = PTR_ERR(u->disk);
		goto out_unit;
	}
	u->disk->fops = &sunit_fops;
	u->disk->private_data = u;
	snprintf(u->disk->disk_name, DISK_NAME_LEN, "sunit0");
	set_capacity(u->disk, 4096);

	ret = add_disk(u->disk);
	if (ret)
		goto out_put;
	the_unit = u;
	return 0;

out_put:
	put_disk(u->disk);
out_unit:
	kfree(u);
out_scrub:
	kthread_stop(scrub.task);
	return ret;
}

static void __exit sunit_exit(void)
{
	del_gendisk(the_unit->disk);
	put_disk(the_unit->disk);
	kfree(the_unit);
	kthread_stop(scrub.task);
}

module_init(sunit_init);
module_exit(sunit_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: the freed unit is not the data of the running thread
 */
