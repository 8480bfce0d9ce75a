"""WarCry's tests: a rule statement or FAQ ruling each, the shipped cards' effects, the
content validator, random playouts through the harness's testers."""
