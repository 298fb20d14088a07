# Фелікс: Кіт у мішку: українська (слова гри перекладено з португальських правил, shared/seeds/002).
felix-game-name = Фелікс: Кіт у мішку
felix-game-description = Аукціон із блефом: щораунду ряд карт долілиць іде в мішок, і гравці ставлять мишей на котів, яких не всіх видно. Пси проганяють котів; перемагає той, хто має найбільше очок.

## Карти за видами (у кожному наборі по одній).
felix-card-cat-8 = кіт -8
felix-card-cat-5 = кіт -5
felix-card-cat3 = кіт 3
felix-card-cat5 = кіт 5
felix-card-cat8 = кіт 8
felix-card-cat11 = кіт 11
felix-card-cat15 = кіт 15
felix-card-rabbit = кролик
felix-card-bigdog = великий пес
felix-card-smalldog = малий пес
felix-owned-card = { $card } гравця { $owner }
felix-dummy-card = { $card } віртуального гравця
felix-score = { $player } ({ $total })

## Події.
felix-game-started = Починається гра: гравців — { $players }; у кожного { $cards ->
        [one] { $cards } карта
        [few] { $cards } карти
        [many] { $cards } карт
       *[other] { $cards } карти
    } і { $mice ->
        [one] { $mice } миша
        [few] { $mice } миші
        [many] { $mice } мишей
       *[other] { $mice } миші
    }, у банку { $bank ->
        [one] { $bank } миша
        [few] { $bank } миші
        [many] { $bank } мишей
       *[other] { $bank } миші
    }; першим гравцем стає { $first }.
felix-round-started = Починається раунд { $round }; перший гравець — { $player }. На монетних картах лежать миші.
felix-round-started-unstocked = Починається раунд { $round }; перший гравець — { $player }. Монетні карти порожні: хто пасує, нічого не отримує.
felix-card-played = { $player } кладе карту долілиць: вона { $place ->
        [1] перша
        [2] друга
        [3] третя
        [4] четверта
       *[other] п'ята
    } в ряду.
felix-card-played-seen = { $player } кладе долілиць карту «{ $card }»: вона { $place ->
        [1] перша
        [2] друга
        [3] третя
        [4] четверта
       *[other] п'ята
    } в ряду.
felix-card-revealed = Відкрито { $place ->
        [1] першу
        [2] другу
        [3] третю
        [4] четверту
       *[other] п'яту
    } карту ряду: { $card }.
felix-bid-placed = Ставка: { $player } — { $amount ->
        [one] { $amount } миша
        [few] { $amount } миші
        [many] { $amount } мишей
       *[other] { $amount } миші
    } (на стіл додано { $added }).
felix-player-passed = { $returned ->
        [0] { $player } пасує.
        [one] { $player } пасує; ставка повертається: { $returned } миша.
        [few] { $player } пасує; ставка повертається: { $returned } миші.
        [many] { $player } пасує; ставка повертається: { $returned } мишей.
       *[other] { $player } пасує; ставка повертається: { $returned } миші.
    }
felix-mice-taken = { $player } забирає мишей із монетної карти «{ $card }»: { $amount ->
        [one] { $amount } миша
        [few] { $amount } миші
        [many] { $amount } мишей
       *[other] { $amount } миші
    }.
felix-dog-chased-cat = У ряду { $dog }, і він проганяє кота { $value }.
felix-dogs-removed = { $count ->
        [one] З гри виходить { $dogs }, не прогнавши жодного кота.
       *[other] З гри виходять пси, не прогнавши жодного кота: { $dogs }.
    }
felix-sack-won = { $count ->
        [0] { $player } забирає порожній мішок. Ціна — { $price ->
            [one] { $price } миша
            [few] { $price } миші
            [many] { $price } мишей
           *[other] { $price } миші
        }, вона йде до банку.
       *[other] { $player } забирає мішок: { $cards }. Ціна — { $price ->
            [one] { $price } миша
            [few] { $price } миші
            [many] { $price } мишей
           *[other] { $price } миші
        }, вона йде до банку.
    }
felix-row-discarded = { $player } теж пасує, і ряд виходить із гри: { $cards }.
felix-mouse-cards-refilled = На монетні карти знову кладуть мишей; залишок у банку — { $bank ->
        [one] { $bank } миша
        [few] { $bank } миші
        [many] { $bank } мишей
       *[other] { $bank } миші
    }.
felix-refill-skipped-row-discarded = Ряд вийшов із гри, тож монетні карти лишаються порожніми; у банку — { $bank ->
        [one] { $bank } миша
        [few] { $bank } миші
        [many] { $bank } мишей
       *[other] { $bank } миші
    }.
felix-refill-skipped-bank-short = У банку лише { $bank ->
        [one] { $bank } миша
        [few] { $bank } миші
        [many] { $bank } мишей
       *[other] { $bank } миші
    } — замало, щоб покласти мишей на монетні карти: вони лишаються порожніми.
felix-game-ended = Гру закінчено. { $count ->
        [one] Переможець: { $winners }
       *[other] Переможці: { $winners }
    } — { $total ->
        [one] { $total } очко
        [few] { $total } очки
        [many] { $total } очок
       *[other] { $total } очка
    }. Підсумки: { $scores }.

## Ходи.
felix-play-card = Покласти долілиць карту «{ $card }»
felix-bid = Ставка: { $amount ->
        [one] { $amount } миша
        [few] { $amount } миші
        [many] { $amount } мишей
       *[other] { $amount } миші
    }
felix-pass = Пас
felix-pass-back = Пас (ставка повертається: { $back ->
        [one] { $back } миша
        [few] { $back } миші
        [many] { $back } мишей
       *[other] { $back } миші
    })
felix-pass-paid = Пас (+{ $amount ->
        [one] { $amount } миша
        [few] { $amount } миші
        [many] { $amount } мишей
       *[other] { $amount } миші
    } з монетної карти «{ $card }»)
felix-pass-back-paid = Пас (ставка повертається: { $back ->
        [one] { $back } миша
        [few] { $back } миші
        [many] { $back } мишей
       *[other] { $back } миші
    }; +{ $amount ->
        [one] { $amount } миша
        [few] { $amount } миші
        [many] { $amount } мишей
       *[other] { $amount } миші
    } з монетної карти «{ $card }»)
felix-buy-for-one = Купити ряд за 1 мишу
felix-decline-buy = Відмовитися (ряд вийде з гри)

## Вибір.
felix-which-card = Яку карту кладете долілиць?
felix-pass-or-bid = Ставите чи пасуєте?
felix-choose-bid = Ставка
felix-how-much = Скільки мишей ставите загалом?
felix-buy-or-decline = Усі інші спасували без ставки. Купуєте ряд за 1 мишу?
