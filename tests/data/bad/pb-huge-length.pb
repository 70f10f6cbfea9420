ÿÿÿÿ
Sample: 