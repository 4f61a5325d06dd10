"""The law every rule of this folder implements: Mass. Gen. Laws ch. 53, § 14, a flat section
whose nodes are its sentences (`ma/mgl/c53/14/s7` is sentence 7)."""

S = "ma/mgl/c53/14"
