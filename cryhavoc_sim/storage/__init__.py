"""Storage: the run directory's Parquet schemas, atomic shard writer, and reader."""
