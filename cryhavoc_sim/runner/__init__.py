"""Runner: scenarios, the chunk function, and the executors that fan games out."""
