"""The application file for ``spark-submit``: ``spark-submit [SPARK OPTIONS] --py-files
cqlq_spark.zip spark/submit.py ARGS`` takes the arguments of ``cqlq-spark``."""

import sys

from cqlq_spark.cli import main

if __name__ == "__main__":
    sys.exit(main())
